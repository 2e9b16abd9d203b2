import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useI18n } from '@/console/lib/i18n';
import type { Person } from '@/proxy-api/people';
import type { Role } from '@/proxy-api/permissions';
import { nameOf } from './people-table.tsx';

/** A role change waiting for its confirmation. */
export type PendingRole = { person: Person; role: Role };

/** "Make Óscar Ruiz Admin?": what changes, and what the new role may do, before it applies. */
export function RoleDialog({
  pending,
  onConfirm,
  onClose,
}: {
  pending: PendingRole;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const name = nameOf(pending.person);
  const role = t(`role.${pending.role}`);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('people.role.confirmTitle', { name, role })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('people.role.confirm', { name, from: t(`role.${pending.person.role}`), role })}
        </Text>
        <Text size="sm" c="dimmed">
          {role}: {t(`role.${pending.role}.detail`)}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={pending.role === 'admin' ? 'orange' : undefined}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {t('people.role.confirmSubmit', { role })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
