import { Badge, Button, Group, Skeleton, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { billingText, PayPerUseBadge, StateBadge } from '@/console/components/centre-state';
import { LocalTime } from '@/console/components/local-time';
import { SortHeader } from '@/console/components/sort-header';
import { VirtualTable, visuallyHidden } from '@/console/components/virtual-table';
import { useI18n, type MessageKey } from '@/console/lib/i18n';
import type { OverviewRow } from './overview-rules.ts';
import classes from './overview-table.module.css';
import type { OverviewSearch, OverviewSort } from './search.ts';

const ROW_HEIGHT = 64;
// What needs attention is why the overview is opened: second, beside the centre, so that a phone
// shows both without scrolling sideways (overview-table.module.css).
const COLUMNS: readonly OverviewSort[] = ['name', 'attention', 'status', 'billing', 'seats', 'pending'];

export interface OverviewTableProps {
  rows: readonly OverviewRow[];
  sort: Pick<OverviewSearch, 'sort' | 'dir'>;
  onSort: (sort: Pick<OverviewSearch, 'sort' | 'dir'>) => void;
  onRetry: (centreId: number) => void;
}

/**
 * Every centre's licences in one table (1,000 centres scroll smoothly while they load). Column
 * headers sort on click and say how (`aria-sort`); a row that could not load has its own retry.
 */
export function OverviewTable({ rows, sort, onSort, onRetry }: OverviewTableProps) {
  const { t } = useI18n();
  const cells = useCallback(
    (row: OverviewRow) => (
      <>
        <td>
          {/* The centre's page, which opens on its first tab (Licences), as the centres list's links. */}
          <Link to="/centres/$centreId" params={{ centreId: row.centre.id }} className={classes.link}>
            {row.centre.name}
          </Link>
          <Text size="xs" c="dimmed">
            #{row.centre.id}
            {row.unlisted ? ` · ${t('overview.unlisted')}` : null}
          </Text>
        </td>
        <RowCells row={row} onRetry={onRetry} />
      </>
    ),
    [onRetry, t],
  );
  return (
    <VirtualTable
      label={t('overview.table')}
      rows={rows}
      rowKey={(row) => row.centre.id}
      layout={classes.layout}
      estimateRowHeight={ROW_HEIGHT}
      header={COLUMNS.map((field) => (
        <SortHeader
          key={field}
          field={field}
          label={t(`overview.column.${field}`)}
          sort={sort}
          onSort={onSort}
        />
      ))}
      cells={cells}
    />
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
      <td className={classes.wide}>
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
      <td className={classes.wide} aria-busy="true">
        <Skeleton height={16} width="70%" />
        <span className={visuallyHidden}>{t('common.loading')}</span>
      </td>
    );
  const { facts } = row;
  return (
    <>
      <td>
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
      <td>
        <Group gap={4}>
          <StateBadge state={facts.state} />
          {facts.payPerUse ? <PayPerUseBadge /> : null}
        </Group>
      </td>
      <td>
        <Text size="sm">{billingText(t, facts.billing)}</Text>
      </td>
      <td>
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
      <td>
        {facts.pending ? (
          <Text size="sm">
            {t(facts.pending.kind === 'downgrade' ? 'overview.pending.downgrade' : 'overview.pending.switch')}{' '}
            <LocalTime value={facts.pending.on} />
          </Text>
        ) : (
          <Text size="sm">—</Text>
        )}
      </td>
    </>
  );
}
