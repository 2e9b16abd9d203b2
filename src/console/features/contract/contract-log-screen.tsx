import { Group, NativeSelect, Pagination, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { contractEventsQueryOptions } from '@/console/api/contract-events';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { EmptyState, NoResults } from '@/console/components/feedback';
import { useI18n } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import { usePageTitle } from '@/console/lib/page-title';
import { eventKindsOf } from '@/console/domain/contract-events';
import { CONTRACT_EVENT_LOG_LIMITS } from '@/contract/console-wire';
import { EventList } from './event-list.tsx';
import type { ContractLogSearch } from './log-search.ts';

const PAGE_SIZE = 25;

/**
 * Every contract event of the signed-in parent, newest first, by anyone who manages it
 * (docs/decisions/0016): each with its centre and the result of every attempt.
 */
export function ContractLogScreen({
  providerId,
  search,
  onSearchChange,
}: {
  providerId: number;
  search: ContractLogSearch;
  onSearchChange: SearchChange<ContractLogSearch>;
}) {
  const { t, formatNumber } = useI18n();
  usePageTitle(t('contract.log.title'));
  const events = useSuspenseQuery(contractEventsQueryOptions());
  const centres = useSuspenseQuery(childCentersQueryOptions(providerId));
  const names = useMemo(
    () => new Map(centres.data.data.map((centre) => [centre.id, centre.name])),
    [centres.data],
  );
  // What each event did is read over the whole log, of which a page shows a part.
  const kinds = useMemo(() => eventKindsOf(events.data), [events.data]);
  const centreIds = useMemo(
    () => [...new Set(events.data.flatMap((event) => (event.centreId === null ? [] : [event.centreId])))],
    [events.data],
  );
  const shown =
    search.centre === 0 ? events.data : events.data.filter((event) => event.centreId === search.centre);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(search.page, pages);
  const rows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const nameOf = (id: number) => names.get(id) ?? t('contract.log.centreId', { id });

  return (
    <Stack gap="md">
      <Title order={1}>{t('contract.log.title')}</Title>
      <Text>
        {t('contract.log.intro', {
          events: formatNumber(CONTRACT_EVENT_LOG_LIMITS.events),
          days: CONTRACT_EVENT_LOG_LIMITS.days,
        })}
      </Text>
      {events.data.length === 0 ? (
        <EmptyState title={t('contract.events.empty')} body={t('contract.log.empty')} />
      ) : (
        <>
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('contract.log.centre')}
              value={String(search.centre)}
              onChange={(event) => onSearchChange({ centre: Number(event.currentTarget.value), page: 1 })}
              data={[
                { value: '0', label: t('contract.log.everyCentre') },
                ...centreIds
                  .map((id) => ({ value: String(id), label: `${nameOf(id)} (${id})` }))
                  .sort((a, b) => a.label.localeCompare(b.label)),
              ]}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('contract.log.count', { count: shown.length })}
            </Text>
          </Group>
          {rows.length === 0 ? (
            <NoResults
              message={t('contract.log.noResults')}
              onClear={() => onSearchChange({ centre: 0, page: 1 })}
            />
          ) : (
            <EventList events={rows} kinds={kinds} centreName={nameOf} />
          )}
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => onSearchChange({ page: next })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? t('paging.previous')
                    : control === 'next'
                      ? t('paging.next')
                      : control === 'first'
                        ? t('paging.first')
                        : t('paging.last'),
              })}
              getItemProps={(item) => ({ 'aria-label': t('paging.page', { page: item }) })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
