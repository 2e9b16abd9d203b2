import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import classes from './virtual-table.module.css';

/** A virtual table's class for words only assistive technology reads (a header without words). */
export const visuallyHidden = classes.hidden;

export interface VirtualTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The header row's cells (`<th>`s, a SortHeader for each sortable column). */
  header: ReactNode;
  /**
   * A row's cells (`<td>`s). Rows are memoised: keep its identity (useCallback) while what it reads
   * stays the same, so that typing in a search re-renders no row that stays in view.
   */
  cells: (row: Row) => ReactNode;
  /** The table's module class setting its columns and sizes (virtual-table.module.css). */
  layout: string | undefined;
  /** A row's height before it is measured (rows grow with their content: long names wrap). */
  estimateRowHeight: number;
  overscan?: number;
  /** A row's own class (a row just created, marked for a moment). */
  rowClassName?: ((row: Row) => string | undefined) | undefined;
  /**
   * The scroller is a keyboard stop: a region that scrolls must be reachable by keyboard even while
   * its controls are disabled (axe scrollable-region-focusable, WCAG 2.1.1).
   */
  focusable?: boolean;
  /** The first row in view when the table opens (the URL's scroll position). */
  initialIndex?: number;
  /** The first row in view, once scrolling settles (for the URL, where list state lives). */
  onFirstVisibleChange?: ((index: number) => void) | undefined;
  /** A row to bring into view, centred (a row just created). */
  scrollToIndex?: number | undefined;
}

/**
 * One virtualised table (@tanstack/react-virtual): only the rows in view are in the document, so
 * 10,000 centres, 1,000 centres loading or a 10,000-row file stay smooth. Real table semantics, a
 * sticky header inside the scroller, rows measured as they wrap.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { rows, rowKey, cells, rowClassName, estimateRowHeight, initialIndex = 0 } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  // The sticky header sits above the rows inside the scroller: the virtualiser counts from below it.
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => setHeadHeight(headRef.current?.offsetHeight ?? 0), []);
  const report = useRef(props.onFirstVisibleChange);
  report.current = props.onFirstVisibleChange;
  // oxlint-disable-next-line react/incompatible-library -- the virtualiser is meant to re-render; nothing here is memoised by the compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => estimateRowHeight,
    // Where nothing is laid out (jsdom) a row measures 0, and the estimate stands.
    measureElement: (element) => element.getBoundingClientRect().height || estimateRowHeight,
    overscan: props.overscan ?? 6,
    scrollMargin: headHeight,
    initialOffset: Math.min(initialIndex, Math.max(0, rows.length - 1)) * estimateRowHeight,
    // jsdom has no layout: a sensible first size lets the first rows render before measuring.
    initialRect: { width: 1000, height: 600 },
    // Scrolling has settled (`sync` false once the virtualiser stops scrolling): the first row in
    // view below the sticky header, not the first rendered (overscan rows come before it).
    onChange: (instance, sync) => {
      if (sync || !report.current) return;
      const offset = (instance.scrollOffset ?? 0) + instance.options.scrollMargin;
      report.current(instance.getVirtualItemForOffset(offset)?.index ?? instance.range?.startIndex ?? 0);
    },
  });
  const { scrollToIndex } = props;
  useEffect(() => {
    if (scrollToIndex !== undefined && scrollToIndex >= 0)
      virtualizer.scrollToIndex(scrollToIndex, { align: 'center' });
  }, [scrollToIndex, virtualizer]);

  return (
    <div
      ref={scrollerRef}
      className={`${classes.scroller} ${props.layout ?? ''}`}
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see `focusable`
      tabIndex={props.focusable ? 0 : undefined}
      role={props.focusable ? 'region' : undefined}
      aria-label={props.focusable ? props.label : undefined}
    >
      <table className={classes.table} aria-label={props.label} aria-rowcount={rows.length + 1}>
        <thead ref={headRef} className={classes.head}>
          <tr className={classes.row} aria-rowindex={1}>
            {props.header}
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <VirtualRow
                key={rowKey(row)}
                row={row}
                index={item.index}
                offset={item.start - headHeight}
                className={rowClassName?.(row)}
                measure={virtualizer.measureElement}
                cells={cells}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface VirtualRowProps<Row> {
  row: Row;
  index: number;
  offset: number;
  className: string | undefined;
  measure: (element: HTMLTableRowElement | null) => void;
  cells: (row: Row) => ReactNode;
}

/** One row, re-rendered only when its own row, place, class or cells change (docs/decisions/0017). */
const VirtualRow = memo(function VirtualRow<Row>({
  row,
  index,
  offset,
  className,
  measure,
  cells,
}: VirtualRowProps<Row>) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={className ? `${classes.row} ${className}` : classes.row}
      style={{ transform: `translateY(${offset}px)` }}
    >
      {cells(row)}
    </tr>
  );
}) as <Row>(props: VirtualRowProps<Row>) => ReactNode;
