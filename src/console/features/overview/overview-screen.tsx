import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { childCentersQueryOptions } from '@/console/api/list-child-centers';
import { onServiceClock, serviceClockQueryOptions } from '@/console/api/service-clock';
import { EmptyState, ErrorPanel, NoResults } from '@/console/components/feedback';
import { LastUpdated, LoadProgress } from '@/console/components/last-updated';
import { AnchorLink } from '@/console/components/links';
import { ToggleButtons } from '@/console/components/toggle-buttons';
import { downloadText } from '@/console/lib/download';
import { useI18n } from '@/console/lib/i18n';
import type { SearchChange } from '@/console/lib/use-search-change';
import { usePageTitle } from '@/console/lib/page-title';
import type { EnvironmentKind } from '@/proxy-api/console';
import { overviewCsv } from './overview-csv.ts';
import { csvColumns } from './overview-csv-columns.ts';
import { useOverviewSource, type OverviewSource } from './overview-source.ts';
import {
  countReasons,
  overviewRowOf,
  rowWithCentre,
  stillCounting,
  visibleRows,
  type OverviewRow,
  type ReasonCounts,
  type RowLoad,
} from './overview-rules.ts';
import { OverviewTable } from './overview-table.tsx';
import { WatchNotice } from './watch-notice.tsx';
import { ATTENTION_REASONS, type OverviewSearch } from './search.ts';

const PENDING: RowLoad = { status: 'pending' };

export interface OverviewScreenProps {
  providerId: number;
  environment: EnvironmentKind;
  /** A person working through a stored connection: the watcher's snapshots are read. */
  hasConnection: boolean;
  search: OverviewSearch;
  onSearchChange: SearchChange<OverviewSearch>;
}

/**
 * What an admin opens each morning: every centre with its billing, state, seats, pending changes
 * and why it needs attention, loaded progressively (at most six requests in flight), filtered and
 * sorted with the state in the URL, and exported as CSV.
 */
export function OverviewScreen({
  providerId,
  environment,
  hasConnection,
  search,
  onSearchChange,
}: OverviewScreenProps) {
  const { t, language } = useI18n();
  usePageTitle(t('overview.title'));
  const queryClient = useQueryClient();
  // Loaded by the route before the first paint, unless the watcher's snapshots are (0025).
  const list = useQuery(childCentersQueryOptions(providerId));
  const clock = useSuspenseQuery(serviceClockQueryOptions(environment));
  const load = useOverviewSource(list.data?.data, hasConnection);
  const { centres } = load;

  // Rows arrive in batches (a draw every few hundred milliseconds): each redraw of the table is made
  // at a transition's priority, in slices a tap or a key can come between, rather than as one task
  // of up to 45 ms at 1× CPU per batch (about 180 ms on a phone, measured); the progress line above
  // the table moves at once.
  const loads = useDeferredValue(load.loads);
  const rows = useOverviewRows({ centres, loads, unlisted: load.unlisted }, clock.data);
  const counts = useMemo(() => countReasons(rows), [rows]);
  const counting = useMemo(() => stillCounting(rows), [rows]);
  const partial = load.partial;
  const collator = useMemo(
    () => new Intl.Collator(language, { sensitivity: 'base', numeric: true }),
    [language],
  );
  const shown = useMemo(() => visibleRows(rows, search, collator), [rows, search, collator]);

  const { exporting, exportError, exportCsv } = useCsvExport(shown, providerId);
  const refresh = () => {
    load.refresh();
    void queryClient.invalidateQueries({ queryKey: serviceClockQueryOptions(environment).queryKey });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <OverviewHeading />
        <Button
          variant="default"
          onClick={() => void exportCsv()}
          loading={exporting}
          disabled={centres.length === 0}
        >
          {t('overview.export')}
        </Button>
      </Group>
      {exportError === null ? null : <ErrorPanel error={exportError} onRetry={() => void exportCsv()} />}
      {centres.length === 0 ? (
        <EmptyState
          title={t('overview.empty.title')}
          body={t('overview.empty.body')}
          action={<AnchorLink to="/centres">{t('overview.empty.action')}</AnchorLink>}
        />
      ) : (
        <>
          {load.watched ? <WatchNotice watched={load.watched} /> : null}
          <LastUpdated
            updatedAt={
              load.updatedAt === undefined ? undefined : onServiceClock(environment, clock, load.updatedAt)
            }
            refreshing={load.refreshing}
            asOf={Boolean(load.watched?.asOf)}
            onRefresh={refresh}
            progress={
              load.partial || (load.watched && load.refreshing) || load.progress ? (
                <OverviewLoadProgress load={load} />
              ) : undefined
            }
          />
          <ShowFilter
            counts={counts}
            counting={counting || partial !== undefined}
            partial={partial !== undefined}
            value={search.show}
            onChange={(show) => onSearchChange({ show })}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('overview.count', { count: shown.length })}
          </Text>
          {shown.length === 0 ? (
            <NoResults message={t('overview.noResults')} onClear={() => onSearchChange({ show: 'all' })} />
          ) : (
            <StableTable rows={shown} sort={search} onSort={onSearchChange} onRetry={load.retry} />
          )}
        </>
      )}
    </Stack>
  );
}

/** Redrawn only when its rows or order change, not with each batch's progress. */
const StableTable = memo(OverviewTable);

/**
 * The filters, each with its count. Until every centre's data is in, a reason's count says it is
 * only a count so far ("Needs attention (0)" while loading read as "nothing needs attention"):
 * marked busy on screen and "so far" in its name.
 */
function ShowFilter({
  counts,
  counting,
  partial,
  value,
  onChange,
}: {
  counts: ReasonCounts;
  counting: boolean;
  /** Only part of the centres are known yet (the watcher's first read): "All" is a count so far too. */
  partial: boolean;
  value: OverviewSearch['show'];
  onChange: (show: OverviewSearch['show']) => void;
}) {
  const { t, formatNumber } = useI18n();
  return (
    <ToggleButtons
      legend={t('overview.show')}
      scrollOnPhone
      options={(['all', 'attention', ...ATTENTION_REASONS] as const).map((show) => {
        const count = formatNumber(counts[show]);
        // The number of centres is known from the start; what they need is not. A mark in the
        // label ("3…") moved the wrapped buttons, and the table, when it went (CLS 0.015 at 360 px):
        // a pending button keeps its label and shows a moving line that takes no room, and its
        // name says "so far".
        const label = t(`overview.show.${show}`, { count });
        if (!counting || (show === 'all' && !partial)) return { value: show, label };
        return {
          value: show,
          label,
          name: t(`overview.show.${show}`, { count: t('overview.show.soFar', { count }) }),
          pending: true,
        };
      })}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * What the screen is, painted with its frame: a session without snapshots loads its rows one by
 * one, and these words are the first paint's content while they arrive.
 */
function OverviewHeading() {
  const { t } = useI18n();
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {t('overview.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('overview.intro')}
      </Text>
    </Stack>
  );
}

/** How far the watcher's read (its first, of a big world) or the progressive load has come. */
function OverviewLoadProgress({ load }: { load: OverviewSource }) {
  const { t, formatNumber } = useI18n();
  const { partial } = load;
  if (partial)
    return (
      <LoadProgress
        words={t('overview.watch.reading', {
          read: formatNumber(partial.read),
          total: formatNumber(partial.of),
        })}
        value={partial.of === 0 ? 0 : Math.round((partial.read / partial.of) * 100)}
      />
    );
  if (load.watched && load.refreshing)
    return (
      <Text size="sm" c="dimmed">
        {t('overview.watch.refreshing')}
      </Text>
    );
  return load.progress ? <OverviewProgress done={load.progress.done} total={load.progress.total} /> : null;
}

/** How far the progressive load has come. */
function OverviewProgress({ done, total }: { done: number; total: number }) {
  const { t, formatNumber } = useI18n();
  return (
    <LoadProgress
      words={t('overview.progress', { done: formatNumber(done), total: formatNumber(total) })}
      value={total === 0 ? 0 : Math.round((done / total) * 100)}
    />
  );
}

/** The centres' rows as their data arrives. */
function useOverviewRows(
  load: Pick<ReturnType<typeof useOverviewSource>, 'centres' | 'loads' | 'unlisted'>,
  now: Date,
) {
  // A row is rebuilt only when its own data changed (or "now" did): drawing 1,000 rows while
  // they arrive stays cheap.
  const cache = useMemo(() => ({ now, rows: new WeakMap<RowLoad, OverviewRow>() }), [now]);
  return useMemo(
    () =>
      load.centres.map((centre) => {
        const rowLoad = load.loads.get(centre.id) ?? PENDING;
        const cached = cache.rows.get(rowLoad);
        const unlisted = load.unlisted.has(centre.id);
        if (cached?.centre === centre && Boolean(cached.unlisted) === unlisted) return cached;
        const row = cached
          ? rowWithCentre(cached, centre, unlisted)
          : overviewRowOf(centre, rowLoad, now, unlisted);
        if (rowLoad !== PENDING) cache.rows.set(rowLoad, row);
        return row;
      }),
    [load.centres, load.loads, load.unlisted, now, cache],
  );
}

/** The CSV export of what the table shows, with its failure kept to be shown and retried. */
function useCsvExport(shown: readonly OverviewRow[], providerId: number) {
  const { t } = useI18n();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  // What the table shows, in its order: the filter and sort apply to the export too.
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      downloadText(await overviewCsv(shown, csvColumns(t)), `overview-${providerId}.csv`);
    } catch (error) {
      // papaparse could not be fetched (offline): the panel says so, with a retry.
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportError, exportCsv };
}
