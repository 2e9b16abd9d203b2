import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useRemoveConnection } from '@/console/api/connections';
import { signOut } from '@/console/api/session';
import { FormErrorAlert } from '@/console/components/feedback';
import { useNotify } from '@/console/components/notifications-host';
import { useI18n } from '@/console/lib/i18n';
import type { Connection } from '@/proxy-api/people';

/**
 * `DELETE /connections/{id}`, confirmed first (issue 25; docs/decisions/0023): everyone working
 * through it loses it at once, and the proxy records who removed it. Removing the connection one
 * works through ends one's own session too: the page says so before, and goes to sign-in after.
 */
export function RemoveConnectionDialog({
  connection,
  current,
  onClose,
}: {
  connection: Connection;
  /** The session works through it. */
  current: boolean;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const router = useRouter();
  const remove = useRemoveConnection();
  const { label } = connection;
  const confirm = () => {
    if (remove.isPending) return;
    remove.mutate(connection.id, {
      onSuccess: async () => {
        onClose();
        if (!current) {
          void notify({ color: 'teal', message: t('connections.removed', { label }) });
          return;
        }
        await signOut(queryClient);
        await router.navigate({ to: '/login' });
      },
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('connections.removeFor', { label })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('connections.remove.confirm', { label })}</Text>
        {current ? (
          <Text size="sm" fw={500}>
            {t('connections.remove.current')}
          </Text>
        ) : null}
        <FormErrorAlert error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {t('connections.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
