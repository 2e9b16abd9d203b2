import { memo, useCallback, useMemo } from 'react';
import { SortHeader } from '@/console/components/sort-header';
import { VirtualTable } from '@/console/components/virtual-table';
import { useI18n } from '@/console/lib/i18n';
import type { ChildListItem } from '@/contract/schemas';
import { centreHref, useCentreLinks } from './centre-links.ts';
import { ROW_HEIGHT } from './centres-skeleton.tsx';
import classes from './centres-table.module.css';
import type { CentresSearch, SortField } from './search.ts';

const COLUMNS: readonly { field: SortField; className?: string }[] = [
  { field: 'name' },
  { field: 'country' },
  { field: 'city', className: classes.city },
  { field: 'id' },
];

export interface CentresTableProps {
  rows: ChildListItem[];
  sort: Pick<CentresSearch, 'sort' | 'dir'>;
  onSort: (sort: Pick<CentresSearch, 'sort' | 'dir'>) => void;
  /** The first row in view when the table opens (the URL's `at`). */
  initialIndex: number;
  onFirstVisibleChange: (index: number) => void;
  /** A centre just created: scrolled into view and marked for a moment. */
  arrived?: number | undefined;
}

/**
 * Every centre in one table (10,000 stay smooth: only those in view are in the document). Column
 * headers sort on click and say how (`aria-sort`); the first row in view goes into the URL once
 * scrolling settles, so that reload and back/forward return to the same rows. Memoised: while the
 * screen answers a keystroke (the field and the count), the table keeps its props and renders nothing.
 */
export const CentresTable = memo(function CentresTable({
  rows,
  sort,
  onSort,
  initialIndex,
  onFirstVisibleChange,
  arrived,
}: CentresTableProps) {
  const { t, countryName } = useI18n();
  const noCity = t('centres.city.none');
  // Plain elements with the small text's class rather than Mantine's Text, and a plain anchor whose
  // clicks the list handles once (centre-links.ts) rather than a router <Link> each: a keystroke
  // mounts a screenful of new rows (docs/decisions/0017, issue 48 item 5).
  const links = useCentreLinks();
  const cells = useCallback(
    (centre: ChildListItem) => (
      <>
        <td>
          <a href={centreHref(centre.id)} data-centre-id={centre.id} className={classes.link}>
            {centre.name}
          </a>
        </td>
        <td className={classes.small}>{countryName(centre.country)}</td>
        <td className={`${classes.small} ${classes.city}`}>{centre.city ?? noCity}</td>
        <td className={`${classes.small} ${classes.id}`}>#{centre.id}</td>
      </>
    ),
    [countryName, noCity],
  );
  // The sort buttons render when the order changes, not with each new set of rows.
  const header = useMemo(
    () =>
      COLUMNS.map(({ field, className }) => (
        <SortHeader
          key={field}
          field={field}
          label={t(`centres.column.${field}`)}
          sort={sort}
          onSort={onSort}
          className={className}
        />
      )),
    [sort, onSort, t],
  );
  const arrivedIndex = arrived === undefined ? -1 : rows.findIndex((row) => row.id === arrived);
  return (
    <div ref={links} className={classes.links}>
      <VirtualTable
        label={t('centres.list.label')}
        rows={rows}
        rowKey={(centre) => centre.id}
        layout={classes.layout}
        estimateRowHeight={ROW_HEIGHT}
        overscan={8}
        header={header}
        cells={cells}
        rowClassName={(centre) => (centre.id === arrived ? 'row-arrived' : undefined)}
        initialIndex={initialIndex}
        onFirstVisibleChange={onFirstVisibleChange}
        scrollToIndex={arrivedIndex >= 0 ? arrivedIndex : undefined}
      />
    </div>
  );
});
