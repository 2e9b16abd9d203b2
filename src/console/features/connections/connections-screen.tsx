import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { connectionsQueryOptions } from '@/console/api/connections';
import { environmentsQueryOptions } from '@/console/api/session';
import { EmptyState } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { Connection } from '@/contract/console-wire';
import { AddConnectionForm } from './add-connection-form.tsx';
import { ReplaceSecretDialog } from './replace-secret-dialog.tsx';

/**
 * The Connections screen (docs/decisions/0022): the parent providers an admin manages, each
 * verified with the service when added; one the service stopped accepting is flagged, with the
 * way to fix it beside it. A secret is never shown: it goes in, never out.
 */
export function ConnectionsScreen() {
  const { t } = useI18n();
  usePageTitle(t('connections.title'));
  const { data: connections } = useSuspenseQuery(connectionsQueryOptions());
  const { data: environments } = useSuspenseQuery(environmentsQueryOptions());
  const [replacing, setReplacing] = useState<Connection | undefined>(undefined);
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
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('connections.column.connection')}</Table.Th>
                <Table.Th>{t('connections.column.provider')}</Table.Th>
                <Table.Th>{t('connections.column.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {connections.map((connection) => {
                const kind = kindOf(connection.environment);
                return (
                  <Table.Tr key={connection.id} data-testid={`connection-${connection.label}`}>
                    <Table.Td>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {connection.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {kind ? t(`environment.${kind}`) : connection.environment}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t('shell.provider', {
                          providerId: String(connection.providerId),
                          clientId: connection.clientId,
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {connection.state === 'refused' ? (
                        <Stack gap={6} align="flex-start">
                          <Badge color="red" variant="light">
                            {t('connections.state.refused')}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t('connections.refused.detail')}
                          </Text>
                          <Button size="xs" variant="default" onClick={() => setReplacing(connection)}>
                            {t('connections.replace')}
                          </Button>
                        </Stack>
                      ) : (
                        <Stack gap={6} align="flex-start">
                          <Badge color="teal" variant="light">
                            {t('connections.state.ok')}
                          </Badge>
                          <Button size="xs" variant="subtle" onClick={() => setReplacing(connection)}>
                            {t('connections.replace')}
                          </Button>
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="add-connection">
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-connection">
            {t('connections.add.title')}
          </Title>
          <AddConnectionForm environments={environments} />
        </Stack>
      </Paper>
      <ReplaceSecretDialog connection={replacing} onClose={() => setReplacing(undefined)} />
    </Stack>
  );
}
