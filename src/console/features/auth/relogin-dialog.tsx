import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { environmentsQueryOptions } from '@/console/api/session';
import { ErrorPanel } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import { sessionExpiry, useSessionExpired } from '@/console/lib/session-expiry';
import { saveDraftsForSignIn } from '@/console/lib/sign-in-drafts';
import type { Session } from '@/proxy-api/console';
import { LoginForm } from './login-form.tsx';
import { OrganisationSignIn } from './organisation-sign-in.tsx';

/**
 * A 401 in the middle of work opens this over the current page (decision 0006). The page stays
 * mounted underneath, so nothing typed is lost (an organisation's sign-in leaves the page: its
 * screens' drafts wait in the tab for its return, lib/sign-in-drafts.ts); after signing in again, the failed queries refetch
 * and the user carries on. It signs in as the same environment, provider and client: anyone else
 * logs out first.
 */
export function ReloginDialog({ session, onLogout }: { session: Session; onLogout: () => void }) {
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
        {session.person ? (
          // A person signs in again with their organisation (docs/decisions/0023), and comes back here.
          <>
            <Text size="sm">{t('relogin.organisation')}</Text>
            <OrganisationSignIn
              problem={undefined}
              returnTo={window.location.pathname + window.location.search}
              // The tab goes to the provider and back: what the page holds unsent is kept for it.
              onLeave={() => saveDraftsForSignIn()}
            />
          </>
        ) : (
          <Text size="sm">{t('relogin.intro')}</Text>
        )}
        {session.person ? null : environments.isError ? (
          <ErrorPanel error={environments.error} onRetry={() => void environments.refetch()} />
        ) : null}
        {environments.data && !session.person ? (
          <LoginForm
            environments={environments.data}
            identity={session}
            onSuccess={() => {
              sessionExpiry.resolve();
              void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
            }}
          />
        ) : null}
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('relogin.someoneElse')}
          </Text>
          <Button variant="default" onClick={onLogout} w="fit-content">
            {t('shell.logout')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
