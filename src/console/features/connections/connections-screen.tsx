import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { connectionsQueryOptions } from '@/console/api/connections';
import { useRights } from '@/console/api/person-session';
import { environmentsQueryOptions } from '@/console/api/session';
import { EmptyState } from '@/console/components/feedback';
import { PlainList } from '@/console/components/plain-list';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { EnvironmentKind } from '@/proxy-api/console';
import type { Connection } from '@/proxy-api/people';
import { FailedDeliveries } from './failed-deliveries.tsx';
import { AddConnectionForm } from './load-add-connection-form.ts';

// The form idiom (react-hook-form and its resolver) loads after the list has painted.
const ReplaceSecretDialog = lazy(() =>
  import('./replace-secret-dialog.tsx').then((module) => ({ default: module.ReplaceSecretDialog })),
);
const WebhookDialog = lazy(() =>
  import('./webhook-dialog.tsx').then((module) => ({ default: module.WebhookDialog })),
);
const RemoveConnectionDialog = lazy(() =>
  import('./remove-connection-dialog.tsx').then((module) => ({ default: module.RemoveConnectionDialog })),
);

/**
 * The Connections screen (docs/decisions/0023): the parent providers an admin manages, each
 * verified with the service when added; one the service stopped accepting is flagged, with the
 * way to fix it beside it; one no longer needed is removed, confirmed first. A secret is never
 * shown: it goes in, never out.
 */
export function ConnectionsScreen() {
  const { t } = useI18n();
  usePageTitle(t('connections.title'));
  const { data: connections } = useSuspenseQuery(connectionsQueryOptions());
  const { data: environments } = useSuspenseQuery(environmentsQueryOptions());
  const [replacing, setReplacing] = useState<Connection | undefined>(undefined);
  const [removing, setRemoving] = useState<Connection | undefined>(undefined);
  const [hooking, setHooking] = useState<Connection | undefined>(undefined);
  const current = useRights().connection?.id;
  const currentLabel = connections.find((connection) => connection.id === current)?.label;
  const kindOf = (id: string) => environments.find((environment) => environment.id === id)?.kind;
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('connections.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('connections.intro')}
        </Text>
      </Stack>
      {connections.length === 0 ? (
        <EmptyState title={t('connections.empty')} />
      ) : (
        <PlainList label={t('connections.title')}>
          {connections.map((connection) => (
            <ConnectionItem
              key={connection.id}
              connection={connection}
              kind={kindOf(connection.environment)}
              onReplace={() => setReplacing(connection)}
              onHook={() => setHooking(connection)}
              onRemove={() => setRemoving(connection)}
            />
          ))}
        </PlainList>
      )}
      {/* Above the form: an admin who comes because an alert did not arrive finds why at once. */}
      {current ? <FailedDeliveries connectionLabel={currentLabel} /> : null}
      <Paper withBorder p="md" component="section" aria-labelledby="add-connection">
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-connection">
            {t('connections.add.title')}
          </Title>
          <Suspense fallback={<Skeleton height={160} aria-label={t('common.loading')} />}>
            <AddConnectionForm environments={environments} />
          </Suspense>
        </Stack>
      </Paper>
      {removing ? (
        <Suspense fallback={null}>
          <RemoveConnectionDialog
            connection={removing}
            current={removing.id === current}
            onClose={() => setRemoving(undefined)}
          />
        </Suspense>
      ) : null}
      {hooking ? (
        <Suspense fallback={null}>
          <WebhookDialog
            connection={connections.find((candidate) => candidate.id === hooking.id) ?? hooking}
            onClose={() => setHooking(undefined)}
          />
        </Suspense>
      ) : null}
      {replacing ? (
        <Suspense fallback={null}>
          <ReplaceSecretDialog connection={replacing} onClose={() => setReplacing(undefined)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** One connection: who it signs in as, where its alerts go, its state and what may be done with it. */
function ConnectionItem({
  connection,
  kind,
  onReplace,
  onHook,
  onRemove,
}: {
  connection: Connection;
  kind: EnvironmentKind | undefined;
  onReplace: () => void;
  onHook: () => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const refused = connection.state === 'refused';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-testid={`connection-${connection.label}`}
      style={refused ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {connection.label}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {kind ? t(`environment.${kind}`) : connection.environment} ·{' '}
            {t('shell.provider', {
              providerId: String(connection.providerId),
              clientId: connection.clientId,
            })}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {connection.webhookHost
              ? t('connections.webhook.set', { host: connection.webhookHost })
              : t('connections.webhook.none')}
          </Text>
          {refused ? (
            <Text size="xs" c="red">
              {t('connections.refused.detail')}
            </Text>
          ) : null}
        </Stack>
        {/* Wraps at 360 px: the state, Replace secret and Remove side by side need more. */}
        <Group gap="xs" wrap="wrap" align="center">
          <Badge color={refused ? 'red' : 'teal'} variant="light">
            {t(refused ? 'connections.state.refused' : 'connections.state.ok')}
          </Badge>
          <Button size="xs" variant={refused ? 'filled' : 'default'} onClick={onReplace}>
            {t('connections.replace')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={t('connections.webhook.editFor', { label: connection.label })}
            onClick={onHook}
          >
            {t('connections.webhook.edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t('connections.removeFor', { label: connection.label })}
            onClick={onRemove}
          >
            {t('connections.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
