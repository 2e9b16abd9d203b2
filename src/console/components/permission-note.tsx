import { Alert, Text } from '@mantine/core';
import type { Permission } from '@/proxy-api/permissions';
import { missing, type Missing, type Rights } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';

// Where an action is missing because of the person's role, the console says so in its place
// (docs/decisions/0023): which role they hold on which connection, and whom to ask. Hiding the
// control is never the check: the proxy refuses the call whatever the page shows.

/** The words for why a permission is missing. */
export function useMissingWords(): (why: Missing) => string {
  const { t } = useI18n();
  return (why) => {
    const action = t(`permission.${why.permission}`);
    if (why.kind === 'client') return t('permission.client', { action });
    const said = t('permission.missing', { connection: why.connection, role: t(`role.${why.role}`), action });
    return why.ask === undefined
      ? said
      : `${said} ${t('permission.ask', { connection: why.connection, ask: t(`role.${why.ask}`) })}`;
  };
}

/** One quiet line where an action would be; nothing when the session may do it. */
export function PermissionNote({ rights, permission }: { rights: Rights; permission: Permission }) {
  const words = useMissingWords();
  const why = missing(rights, permission);
  if (!why) return null;
  return (
    <Text size="sm" c="dimmed" data-testid={`missing-${permission}`}>
      {words(why)}
    </Text>
  );
}

/** A screen the role does not allow, shown inside the shell instead of it. */
export function NotForYourRole({ why }: { why: Missing }) {
  const { t } = useI18n();
  const words = useMissingWords();
  return (
    <Alert color="gray" title={t('permission.screen.title')} maw={640}>
      {words(why)}
    </Alert>
  );
}
