import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRemovePerson } from '@/console/api/people';
import { FormErrorAlert } from '@/console/components/feedback';
import { useNotify } from '@/console/components/notifications-host';
import { useI18n } from '@/console/lib/i18n';
import type { Person } from '@/proxy-api/people';
import { nameOf } from './people-table.tsx';

/** `DELETE /people/{id}`, confirmed first: the person's open sessions end at once. */
export function RemoveDialog({
  person,
  connection,
  onClose,
}: {
  person: Person | undefined;
  connection: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const remove = useRemovePerson();
  const name = person ? nameOf(person) : '';
  return (
    <Modal
      opened={person !== undefined}
      onClose={onClose}
      title={t('people.removeFor', { name })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('people.remove.confirm', { name, connection })}</Text>
        <FormErrorAlert error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!person || remove.isPending) return;
              remove.mutate(person.id, {
                onSuccess: () => {
                  onClose();
                  void notify({ color: 'teal', message: t('people.removed', { name }) });
                },
              });
            }}
          >
            {t('people.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
