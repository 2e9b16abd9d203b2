import { Badge, Button, Group, Skeleton, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { LocalTime } from '@/console/components/local-time';
import { SortHeader } from '@/console/components/sort-header';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import { billingText, StateBadge } from './centre-contract-facts.tsx';
import type { OverviewRow } from './overview-rules.ts';
import classes from './overview-table.module.css';
import type { OverviewSearch, OverviewSort } from './search.ts';

const ROW_HEIGHT = 64;
const COLUMNS: readonly OverviewSort[] = ['name', 'billing', 'status', 'seats', 'pending', 'attention'];

export interface OverviewTableProps {
  rows: readonly OverviewRow[];
  sort: Pick<OverviewSearch, 'sort' | 'dir'>;
  onSort: (sort: Pick<OverviewSearch, 'sort' | 'dir'>) => void;
  onRetry: (centreId: number) => void;
}

/**
 * Every centre's licences in one table, virtualised (@tanstack/react-virtual: only the rows in view
 * are in the document, so 1,000 centres scroll smoothly while they load). Column headers sort on
 * click and say how (`aria-sort`); a row that could not load has its own retry.
 */
export function OverviewTable({ rows, sort, onSort, onRetry }: OverviewTableProps) {
  const { t } = useI18n();
  const scrollerRef = useRef<HTMLDivElement>(null);
  // oxlint-disable-next-line react/incompatible-library -- the virtualiser is meant to re-render; nothing here is memoised by the compiler
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Several plans make a row taller: rows are measured. Where nothing is laid out (jsdom) a row
    // measures 0, and the estimate stands.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 1000, height: 600 },
  });
  return (
    <div ref={scrollerRef} className={classes.scroller}>
      <table className={classes.table} aria-label={t('overview.table')} aria-rowcount={rows.length + 1}>
        <thead className={classes.head}>
          <tr className={classes.row} aria-rowindex={1}>
            {COLUMNS.map((field) => (
              <SortHeader
                key={field}
                field={field}
                label={t(`overview.column.${field}`)}
                sort={sort}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.centre.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={classes.row}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <td className={classes.cell}>
                  {/* The centre's page, which opens on its first tab (Licences), as the centres list's links. */}
                  <Link to="/centres/$centreId" params={{ centreId: row.centre.id }} className={classes.link}>
                    {row.centre.name}
                  </Link>
                  <Text size="xs" c="dimmed">
                    #{row.centre.id}
                  </Text>
                </td>
                <RowCells row={row} onRetry={onRetry} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

// Tinted badges whose text passes WCAG AA contrast (orange and yellow do not).
const REASON_COLOUR: Record<string, string> = {
  suspended: 'red',
  cancelled: 'red',
  'basic-limit': 'pink',
  'pending-change': 'blue',
  trial: 'violet',
};

function RowCells({ row, onRetry }: { row: OverviewRow; onRetry: (centreId: number) => void }) {
  const { t } = useI18n();
  if (row.load.status === 'error')
    return (
      <td className={`${classes.cell} ${classes.wide}`}>
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{t('overview.row.failed')}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => onRetry(row.centre.id)}
            aria-label={t('overview.row.retry', { name: row.centre.name })}
          >
            {t('common.retry')}
          </Button>
        </Group>
      </td>
    );
  if (!row.facts)
    return (
      <td className={`${classes.cell} ${classes.wide}`} aria-busy="true">
        <Skeleton height={16} width="70%" />
        <span className={classes.hidden}>{t('common.loading')}</span>
      </td>
    );
  const { facts } = row;
  return (
    <>
      <td className={classes.cell}>
        <Text size="sm">{billingText(t, facts.billing)}</Text>
      </td>
      <td className={classes.cell}>
        <Group gap={4}>
          <StateBadge state={facts.state} />
          {facts.payPerUse ? (
            <Badge variant="light" color="grape">
              {t('licences.payPerUse')}
            </Badge>
          ) : null}
        </Group>
      </td>
      <td className={classes.cell}>
        {facts.seats.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          facts.seats.map((seats) => (
            <Text key={seats.plan} size="sm" className={classes.seats}>
              {seats.total === null
                ? t('overview.seats.usage', { plan: seats.plan, used: seats.used })
                : t('overview.seats.plan', { plan: seats.plan, used: seats.used, total: seats.total })}
            </Text>
          ))
        )}
      </td>
      <td className={classes.cell}>
        {facts.pending ? (
          <Text size="sm">
            {t(facts.pending.kind === 'downgrade' ? 'overview.pending.downgrade' : 'overview.pending.switch')}{' '}
            <LocalTime value={facts.pending.on} />
          </Text>
        ) : (
          <Text size="sm">—</Text>
        )}
      </td>
      <td className={classes.cell}>
        {facts.reasons.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          <Group gap={4}>
            {facts.reasons.map((reason) => (
              <Badge key={reason} variant="light" color={REASON_COLOUR[reason]}>
                {t(`overview.reason.${reason}` satisfies MessageKey)}
              </Badge>
            ))}
          </Group>
        )}
      </td>
    </>
  );
}
