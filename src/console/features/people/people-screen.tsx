import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useRights } from '@/console/api/person-session';
import { peopleQueryOptions } from '@/console/api/people';
import { EmptyState } from '@/console/components/feedback';
import { PermissionNote } from '@/console/components/permission-note';
import { may } from '@/console/domain/permissions';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import { ROLES } from '@/proxy-api/console';
import { PeopleTable } from './people-table.tsx';
import { InviteForm } from './load-invite-form.ts';

// The form idiom (react-hook-form and its resolver) loads after the list has painted.

/**
 * The People screen (docs/decisions/0023): who works through the current connection and with what
 * role; an admin invites, changes a role or removes someone, and the proxy applies it to that
 * person's next request on every instance. Everyone else reads it (support included, issue 25):
 * no invitation, role change or removal, and the reason in words where the invitation would be.
 */
export function PeopleScreen({ connection, me }: { connection: string; me: string | undefined }) {
  const { t } = useI18n();
  usePageTitle(t('people.title'));
  const { data: people } = useSuspenseQuery(peopleQueryOptions());
  const rights = useRights();
  const manage = may(rights, 'people.manage');
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('people.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('people.intro', { connection })}
        </Text>
      </Stack>
      {manage ? (
        <Paper withBorder p="md" component="section" aria-labelledby="invite">
          <Stack gap="sm">
            <Title order={2} size="h4" id="invite">
              {t('people.invite.title')}
            </Title>
            <Suspense fallback={<Skeleton height={60} aria-label={t('common.loading')} />}>
              <InviteForm />
            </Suspense>
          </Stack>
        </Paper>
      ) : (
        <PermissionNote rights={rights} permission="people.manage" />
      )}
      {people.length === 0 ? (
        <EmptyState title={t('people.empty')} />
      ) : (
        <PeopleTable people={people} connection={connection} me={me} manage={manage} />
      )}
      <Stack gap="xs" component="section" aria-labelledby="roles">
        <Title order={2} size="h4" id="roles">
          {t('people.roles.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {ROLES.map((role) => (
            <Paper key={role} withBorder p="sm">
              <Text size="sm" fw={600}>
                {t(`role.${role}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`role.${role}.detail`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
