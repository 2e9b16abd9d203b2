import { Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activityQueryOptions } from '@/console/api/activity';
import { useI18n } from '@/console/lib/i18n';
import { usePageTitle } from '@/console/lib/page-title';
import type { SearchChange } from '@/console/lib/use-search-change';
import { ActivityFilters } from './activity-filters.tsx';
import { ActivityResults } from './activity-results.tsx';
import { ExportButton } from './export-button.tsx';
import { activityQueryOf, ACTIVITY_SEARCH_DEFAULTS, isFiltered, type ActivitySearch } from './search.ts';
import { useCentreNames, useEntryCentres } from './use-centre-names.ts';

interface ActivityScreenProps {
  providerId: number;
  /** Whether the environment offers the child list (4.5) whose index names the centres (D3). */
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
  // Each centre the entries name, read alone from the proxy's index (docs/decisions/0024) as the
  // entries arrive, never the whole child list: a line names its centre by id until its record is in.
  const centres = useEntryCentres(providerId, entries, listOffered);
  const centreName = useCentreNames(centres, entries);
  return (
    <Stack gap="md">
      <Title order={1}>{t('activity.title')}</Title>
      <Text>{t('activity.intro')}</Text>
      <ActivityFilters
        search={search}
        onSearchChange={onSearchChange}
        providerId={providerId}
        centreFilter={listOffered}
      />
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
