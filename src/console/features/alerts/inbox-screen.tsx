import { Button, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import {
  alertChoicesQueryOptions,
  alertsQueryOptions,
  unreadQueryOptions,
  useMarkRead,
} from '@/console/api/alerts';
import { EmptyState, ErrorPanel } from '@/console/components/feedback';
import { AnchorLink } from '@/console/components/links';
import { loadArea, useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import { AlertList } from './alert-list.tsx';
import { AlertChoicesForm } from './load-alert-choices.ts';

// The route has no loader (the route tree's budget): the form's chunk is asked for as soon as the
// screen's runs, before its first render.
void AlertChoicesForm.preload().catch(() => {});

// Its words load with its code, not from the route's loader: the route tree ships with the login
// page, whose budget has no bytes to spare (docs/decisions/0027).
const words = loadArea('alerts');
// The choices (and the form idiom's react-hook-form) load on their own, below the list: the list
// paints without waiting for them, and the screen's chunk stays within its budget.

/**
 * One's alerts on the current connection (issue 26, item 4; docs/decisions/0026): in words, each
 * linking to its centre; unread first; a keyset page at a time; and what reaches one, per rule.
 */
const spinner = (
  <Group justify="center">
    <Loader size="sm" />
  </Group>
);

export function InboxScreen({ demo = false }: { demo?: boolean }) {
  use(words);
  const { t } = useI18n();
  usePageTitle(t('alerts.title'));
  const alerts = useInfiniteQuery(alertsQueryOptions());
  const unread = useQuery(unreadQueryOptions());
  const choices = useQuery(alertChoicesQueryOptions());
  const markRead = useMarkRead();
  const items = alerts.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = (unread.data ?? 0) > 0 || items.some((alert) => alert.readAt === null);
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('alerts.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('alerts.intro')}
          </Text>
          {demo ? (
            <Text size="sm">
              <AnchorLink to="/demo-mail">{t('alerts.demoMail')}</AnchorLink>
            </Text>
          ) : null}
        </Stack>
        {anyUnread ? (
          <Button
            variant="default"
            size="xs"
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            {t('alerts.markAll')}
          </Button>
        ) : null}
      </Group>
      {markRead.error ? <ErrorPanel error={markRead.error} /> : null}
      {alerts.isPending ? (
        <Stack gap="xs" aria-busy>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={64} radius="sm" />
          ))}
        </Stack>
      ) : alerts.error && items.length === 0 ? (
        <ErrorPanel error={alerts.error} onRetry={() => alerts.refetch().then((result) => !result.error)} />
      ) : items.length === 0 ? (
        <EmptyState title={t('alerts.empty')} body={t('alerts.emptyBody')} />
      ) : (
        <Stack gap="sm">
          <AlertList alerts={items} onOpen={(alert) => markRead.mutate({ ids: [alert.id] })} />
          {alerts.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                loading={alerts.isFetchingNextPage}
                onClick={() => void alerts.fetchNextPage()}
              >
                {t('alerts.older')}
              </Button>
            </Group>
          ) : null}
          {alerts.isFetchNextPageError ? <ErrorPanel error={alerts.error} /> : null}
        </Stack>
      )}
      {choices.error ? (
        <ErrorPanel error={choices.error} onRetry={() => choices.refetch().then((result) => !result.error)} />
      ) : (
        <Suspense fallback={spinner}>
          {choices.data ? <AlertChoicesForm saved={choices.data} /> : spinner}
        </Suspense>
      )}
    </Stack>
  );
}
