import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useChangeRole } from '@/console/api/people';
import { FormErrorAlert } from '@/console/components/feedback';
import { LocalTime } from '@/console/components/local-time';
import { PlainList } from '@/console/components/plain-list';
import { useNotify } from '@/console/components/notifications-host';
import { useI18n } from '@/console/lib/i18n';
import type { Person } from '@/proxy-api/people';
import { ROLES, type Role } from '@/proxy-api/permissions';
import type { PendingRole } from './role-dialog.tsx';

export const nameOf = (person: Person) => person.name ?? person.email;

// The confirmations (modals) load when a removal or a role change is asked for.
const RemoveDialog = lazy(() =>
  import('./remove-dialog.tsx').then((module) => ({ default: module.RemoveDialog })),
);
const RoleDialog = lazy(() => import('./role-dialog.tsx').then((module) => ({ default: module.RoleDialog })));

/**
 * A change to or from Admin is confirmed first: Admin manages connections and people, so a slip of
 * the select would hand them over, or take them away, at the person's next request.
 */
export const needsConfirmation = (from: Role, to: Role) =>
  from !== to && (from === 'admin' || to === 'admin');

/**
 * The people of the connection: a role changed in place, a removal confirmed first; read-only
 * (roles as words, no removal) for whoever may not manage people (the screen says why).
 */
export function PeopleTable({
  people,
  connection,
  me,
  manage = true,
}: {
  people: Person[];
  connection: string;
  /** The signed-in person's e-mail, marked "(you)". */
  me: string | undefined;
  /** The session may invite, change roles and remove (`people.manage`). */
  manage?: boolean;
}) {
  const { t } = useI18n();
  const notify = useNotify();
  const changeRole = useChangeRole();
  const [removing, setRemoving] = useState<Person | undefined>(undefined);
  const [confirming, setConfirming] = useState<PendingRole | undefined>(undefined);
  const change = (person: Person, role: Role) =>
    changeRole.mutate(
      { personId: person.id, role },
      {
        onSuccess: () =>
          void notify({
            color: 'teal',
            message: t('people.roleChanged', { name: nameOf(person), role: t(`role.${role}`) }),
          }),
      },
    );
  return (
    <Stack gap="sm">
      <FormErrorAlert error={changeRole.error} />
      {/* A list, not a table: it reads the same at 360 px, and keeps the screen's code small. */}
      <PlainList label={t('people.title')}>
        {people.map((person) => (
          <Paper key={person.id} component="li" withBorder p="sm" data-testid={`person-${person.email}`}>
            <Group justify="space-between" align="center" gap="sm" wrap="wrap">
              <PersonIdentity person={person} me={me} />
              <Group gap="xs" wrap="nowrap" align="center">
                <RoleCell
                  person={person}
                  manage={manage}
                  disabled={changeRole.isPending}
                  onRole={(role) => {
                    if (needsConfirmation(person.role, role)) setConfirming({ person, role });
                    else change(person, role);
                  }}
                />
                {/* Yourself: no removal, but the same column, so that the roles line up. */}
                {!manage ? null : person.email === me ? (
                  <Button
                    variant="subtle"
                    size="xs"
                    aria-hidden
                    tabIndex={-1}
                    style={{ visibility: 'hidden' }}
                  >
                    {t('people.remove')}
                  </Button>
                ) : (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={t('people.removeFor', { name: nameOf(person) })}
                    onClick={() => setRemoving(person)}
                  >
                    {t('people.remove')}
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </PlainList>
      {removing ? (
        <Suspense fallback={null}>
          <RemoveDialog person={removing} connection={connection} onClose={() => setRemoving(undefined)} />
        </Suspense>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <RoleDialog
            pending={confirming}
            onConfirm={() => change(confirming.person, confirming.role)}
            onClose={() => setConfirming(undefined)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** Who the person is: name (marked when it is the signed-in person), e-mail, last sign-in. */
function PersonIdentity({ person, me }: { person: Person; me: string | undefined }) {
  const { t } = useI18n();
  return (
    <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {nameOf(person)}{' '}
        {person.email === me ? (
          <Text span c="dimmed" size="sm">
            {t('people.you')}
          </Text>
        ) : null}
      </Text>
      {person.name ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {person.email}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {person.lastSignInAt ? (
          <>
            {t('people.column.lastSignIn')}: <LocalTime value={new Date(person.lastSignInAt)} />
          </>
        ) : (
          t('people.invited')
        )}
      </Text>
    </Stack>
  );
}

/** The person's role: a select for whoever manages people, else the role in words and its source. */
function RoleCell({
  person,
  manage,
  disabled,
  onRole,
}: {
  person: Person;
  manage: boolean;
  disabled: boolean;
  onRole: (role: Role) => void;
}) {
  const { t } = useI18n();
  return manage && person.source === 'console' ? (
    <NativeSelect
      size="xs"
      aria-label={t('people.roleFor', { name: nameOf(person) })}
      value={person.role}
      disabled={disabled}
      data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
      onChange={(event) => {
        const role = ROLES.find((candidate) => candidate === event.currentTarget.value);
        if (!role || role === person.role) return;
        onRole(role);
      }}
    />
  ) : (
    <Stack gap={0} align="flex-end">
      <Text size="sm">{t(`role.${person.role}`)}</Text>
      {person.source === 'console' ? null : (
        <Text size="xs" c="dimmed">
          {t(person.source === 'claim' ? 'people.source.claim' : 'people.source.admin_emails')}
        </Text>
      )}
    </Stack>
  );
}
