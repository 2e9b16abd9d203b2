import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { use } from 'react';
import { demoMailQueryOptions } from '@/console/api/demo-mail';
import { EmptyState, ErrorPanel } from '@/console/components/feedback';
import { PlainList } from '@/console/components/plain-list';
import { loadArea, useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import { isApiError } from '@/contract/api-error-value';
import { withConsoleLinks } from '@/console/features/demo-mail/mail-text';

// Its words load with its code, not from the route's loader: a loader is part of the route tree,
// which ships with the login page, whose budget has no bytes to spare (docs/decisions/0027).
const words = loadArea('people');

/**
 * The demo's mail (issue 26, item 5; docs/decisions/0027): what its in-process SMTP catcher
 * received, newest first, with the plain-text body as sent. Demo only: elsewhere it says so.
 */
export function DemoMailScreen() {
  use(words);
  const { t, formatDateTime } = useI18n();
  usePageTitle(t('demoMail.title'));
  const mail = useQuery(demoMailQueryOptions());
  const missing = isApiError(mail.error) && mail.error.meaning === 'not-found';
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('demoMail.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('demoMail.intro')}
          </Text>
        </Stack>
        <Button variant="default" size="xs" loading={mail.isFetching} onClick={() => void mail.refetch()}>
          {t('demoMail.refresh')}
        </Button>
      </Group>
      {missing ? (
        <EmptyState title={t('demoMail.unavailable')} />
      ) : mail.error ? (
        <ErrorPanel error={mail.error} onRetry={() => mail.refetch().then((result) => !result.error)} />
      ) : mail.data?.length === 0 ? (
        <EmptyState title={t('demoMail.empty')} />
      ) : (
        <PlainList label={t('demoMail.title')} gap="sm">
          {(mail.data ?? []).map((message) => (
            <Paper key={message.id} component="li" withBorder p="md">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                  <Text fw={600} style={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                    {message.subject}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    <time dateTime={message.receivedAt}>{formatDateTime(new Date(message.receivedAt))}</time>
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('demoMail.from')}: {message.from} · {t('demoMail.to')}: {message.to.join(', ')}
                </Text>
                <Text
                  component="pre"
                  size="sm"
                  m={0}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
                >
                  {withConsoleLinks(message.text)}
                </Text>
              </Stack>
            </Paper>
          ))}
        </PlainList>
      )}
    </Stack>
  );
}
