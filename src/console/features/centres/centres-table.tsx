import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SortHeader } from '@/console/components/sort-header';
import { useI18n } from '@/console/lib/i18n';
import type { ChildListItem } from '@/contract/schemas';
import { ROW_HEIGHT } from './centres-skeleton.tsx';
import classes from './centres-table.module.css';
import type { CentresSearch, SortField } from './rules.ts';

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
 * Every centre in one table, virtualised (@tanstack/react-virtual: 10,000 rows stay smooth, only
 * those in view are in the document). Column headers sort on click and say how (`aria-sort`).
 */
export function CentresTable({
  rows,
  sort,
  onSort,
  initialIndex,
  onFirstVisibleChange,
  arrived,
}: CentresTableProps) {
  const { t, countryName } = useI18n();
  const scrollerRef = useRef<HTMLDivElement>(null);
  // The sticky header sits above the rows inside the scroller: the virtualiser counts from below it.
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => setHeadHeight(headRef.current?.offsetHeight ?? 0), []);
  // oxlint-disable-next-line react/incompatible-library -- the virtualiser is meant to re-render; nothing here is memoised by the compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A long name wraps onto a second line rather than being cut: rows are measured. Where nothing
    // is laid out (jsdom) a row measures 0, and the estimate stands.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 8,
    scrollMargin: headHeight,
    initialOffset: Math.min(initialIndex, Math.max(0, rows.length - 1)) * ROW_HEIGHT,
    // jsdom has no layout: a sensible first size lets the first rows render before measuring.
    initialRect: { width: 800, height: 600 },
  });
  // The first row in view below the sticky header, not the first rendered (overscan rows come
  // before it) nor the one the header covers.
  const first =
    virtualizer.getVirtualItemForOffset((virtualizer.scrollOffset ?? 0) + headHeight)?.index ??
    virtualizer.range?.startIndex ??
    0;

  // The scroll position goes into the URL once scrolling settles, so that reload and back/forward
  // return to the same rows (STYLE.md point 4).
  const report = useRef(onFirstVisibleChange);
  report.current = onFirstVisibleChange;
  useEffect(() => {
    const timer = setTimeout(() => report.current(first), 400);
    return () => clearTimeout(timer);
  }, [first]);

  const arrivedIndex = arrived === undefined ? -1 : rows.findIndex((row) => row.id === arrived);
  useEffect(() => {
    if (arrivedIndex >= 0) virtualizer.scrollToIndex(arrivedIndex, { align: 'center' });
  }, [arrivedIndex, virtualizer]);

  return (
    <div ref={scrollerRef} className={classes.scroller}>
      <table className={classes.table} aria-label={t('centres.list.label')} aria-rowcount={rows.length + 1}>
        <thead ref={headRef} className={classes.head}>
          <tr className={classes.row} aria-rowindex={1}>
            {COLUMNS.map(({ field, className }) => (
              <SortHeader
                key={field}
                field={field}
                label={t(`centres.column.${field}`)}
                sort={sort}
                onSort={onSort}
                className={className}
              />
            ))}
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const centre = rows[item.index];
            if (!centre) return null;
            return (
              <CentreRow
                key={centre.id}
                centre={centre}
                index={item.index}
                offset={item.start - headHeight}
                arrived={centre.id === arrived}
                measure={virtualizer.measureElement}
                countryName={countryName}
                noCity={t('centres.city.none')}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface CentreRowProps {
  centre: ChildListItem;
  index: number;
  offset: number;
  arrived: boolean;
  measure: (element: HTMLTableRowElement | null) => void;
  countryName: (code: string) => string;
  noCity: string;
}

/**
 * One row, re-rendered only when its own centre, place or mark changes: while typing in the search
 * the rows that stay in view are left as they are (docs/decisions/0017). Plain elements with the
 * small text's class rather than Mantine's Text: a few dozen of them render on every keystroke.
 */
const CentreRow = memo(function CentreRow({
  centre,
  index,
  offset,
  arrived,
  measure,
  countryName,
  noCity,
}: CentreRowProps) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={`${classes.row} ${arrived ? 'row-arrived' : ''}`}
      style={{ transform: `translateY(${offset}px)` }}
    >
      <td className={classes.cell}>
        <Link to="/centres/$centreId" params={{ centreId: centre.id }} className={classes.link}>
          {centre.name}
        </Link>
      </td>
      <td className={`${classes.cell} ${classes.small}`}>{countryName(centre.country)}</td>
      <td className={`${classes.cell} ${classes.small} ${classes.city}`}>{centre.city ?? noCity}</td>
      <td className={`${classes.cell} ${classes.small} ${classes.id}`}>#{centre.id}</td>
    </tr>
  );
});
