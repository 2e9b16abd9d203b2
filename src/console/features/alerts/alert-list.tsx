import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Alert } from '@/proxy-api/alerts-console';
import { AnchorLink } from '@/console/components/links';
import { LocalTime } from '@/console/components/local-time';
import { PlainList } from '@/console/components/plain-list';
import { useI18n } from '@/console/lib/i18n';
import { alertWords } from './alert-words.ts';

/**
 * The alerts in words, each a link to its centre's licences (what a suspension, a limit or a trial
 * is about). Opening an unread one marks it read (docs/decisions/0026: `POST /alerts/read {ids}`).
 */
export function AlertList({ alerts, onOpen }: { alerts: readonly Alert[]; onOpen: (alert: Alert) => void }) {
  const { t, formatDateTime } = useI18n();
  return (
    <PlainList label={t('alerts.list')}>
      {alerts.map((alert) => {
        const words = alertWords(alert, formatDateTime);
        const unread = alert.readAt === null;
        return (
          <Paper
            key={alert.id}
            component="li"
            withBorder
            p="sm"
            bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
            data-unread={unread || undefined}
          >
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Stack gap={2} style={{ flex: '1 1 18rem', minWidth: 0 }}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t(`alerts.name.${alert.rule}`)}
                </Text>
                <AnchorLink
                  to="/centres/$centreId/licences"
                  params={{ centreId: alert.centreId }}
                  fw={unread ? 700 : 500}
                  c="var(--mantine-color-text)"
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={() => {
                    if (unread) onOpen(alert);
                  }}
                >
                  {t(words.key, words.values)}
                </AnchorLink>
              </Stack>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                {unread ? (
                  <Badge size="sm" variant="filled">
                    {t('alerts.unread')}
                  </Badge>
                ) : null}
                <Text size="xs" c="dimmed">
                  <LocalTime value={new Date(alert.at)} />
                </Text>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </PlainList>
  );
}
