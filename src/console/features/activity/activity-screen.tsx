import { Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activityQueryOptions } from '@/console/api/activity';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { SearchChange } from '@/console/lib/use-search-change';
import { ActivityFilters } from './activity-filters.tsx';
import { ActivityResults } from './activity-results.tsx';
import { ExportButton } from './export-button.tsx';
import { activityQueryOf, ACTIVITY_SEARCH_DEFAULTS, isFiltered, type ActivitySearch } from './search.ts';
import { useCentreNames } from './use-centre-names.ts';

interface ActivityScreenProps {
  providerId: number;
  /** Whether the environment offers the child list (4.5) that names the centres (D3). */
  listOffered: boolean;
  search: ActivitySearch;
  onSearchChange: SearchChange<ActivitySearch>;
}

/**
 * The provider's activity log (docs/decisions/0018, 0022): every change made through the console,
 * newest first, in words, filtered by what the URL says, a page at a time, exported as CSV.
 */
export function ActivityScreen({ providerId, listOffered, search, onSearchChange }: ActivityScreenProps) {
  const { t } = useI18n();
  usePageTitle(t('activity.title'));
  const filter = useMemo(() => activityQueryOf(search), [search]);
  // The previous filter's entries stay on screen, dimmed, while the new one's load.
  const log = useInfiniteQuery({ ...activityQueryOptions(filter), placeholderData: keepPreviousData });
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  // The route's loader asked for it already; a refusal stays a refusal here (no retry on a 4xx).
  const list = useQuery({ ...childCentersQueryOptions(providerId), enabled: listOffered });
  const { centreName, listed } = useCentreNames(list.data?.data, entries);
  return (
    <Stack gap="md">
      <Title order={1}>{t('activity.title')}</Title>
      <Text>{t('activity.intro')}</Text>
      <ActivityFilters search={search} onSearchChange={onSearchChange} centres={listed} />
      <ActivityResults
        log={log}
        entries={entries}
        centreName={centreName}
        filtered={isFiltered(search)}
        onClear={() => onSearchChange(ACTIVITY_SEARCH_DEFAULTS)}
        exportButton={<ExportButton filter={filter} />}
      />
    </Stack>
  );
}
