import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '@/console/lib/i18n';
import { sessionExpiry, useSessionExpired } from '@/console/lib/session-expiry';
import { authKeys, environmentsQueryOptions, type Session } from './api.ts';
import { LoginForm } from './login-form.tsx';

/**
 * Issue 5: a 401 in the middle of work opens this over the current page. The page stays mounted
 * underneath (nothing typed is lost); after signing in, failed queries refetch and the user carries on.
 */
export function ReloginDialog({ session }: { session: Session }) {
  const { t } = useI18n();
  const expired = useSessionExpired();
  const queryClient = useQueryClient();
  const environments = useQuery(environmentsQueryOptions());
  return (
    <Modal
      opened={expired}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('relogin.title')}
      centered
      // Above any dialog the user was working in (their form stays mounted beneath).
      zIndex={1000}
    >
      <Stack gap="md">
        <Text size="sm">{t('relogin.intro')}</Text>
        {environments.data ? (
          <LoginForm
            environments={environments.data}
            initial={{
              environment: session.environment,
              providerId: String(session.providerId),
              clientId: session.clientId,
            }}
            onSuccess={(next) => {
              queryClient.setQueryData(authKeys.session(), next);
              sessionExpiry.resolve();
              void queryClient.invalidateQueries({
                predicate: (query) => query.state.status === 'error',
              });
            }}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
