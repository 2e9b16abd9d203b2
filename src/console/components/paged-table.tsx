import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '@/console/lib/i18n';
import { pageCountOf, type Paging } from '@/console/lib/paging';
import { isPageSize, PAGE_SIZES } from '@/console/lib/search-params';
import classes from './paged-table.module.css';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Hidden below the `sm` breakpoint, for the columns a small screen can do without. */
  wideOnly?: boolean;
}

export interface PagedTableProps<Row> {
  /** What the table lists, for screen readers (the table's accessible name). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  total: number;
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
  /** The rows on screen are the previous page's while the asked-for one loads. */
  loading?: boolean;
}

/**
 * A server-paged table (spec 2.5): the page and page size come from the URL and go back to it
 * through `onPagingChange`; the total is the server's `meta.total`. The data (and keeping the
 * previous page while the next loads, and fetching ahead) is `usePagedQuery`'s (lib/paging.ts).
 */
export function PagedTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  total,
  paging,
  onPagingChange,
  loading = false,
}: PagedTableProps<Row>) {
  const { t } = useI18n();
  const pageCount = pageCountOf(total, paging.pageSize);
  const from = total === 0 ? 0 : (paging.page - 1) * paging.pageSize + 1;
  const to = Math.min(total, paging.page * paging.pageSize);
  return (
    <div>
      {/* Plain table elements: Mantine's Table brings ScrollArea, which the bundler ships merged
          with the popover positioning code, ~20 kB gzip a paged screen would load for nothing. */}
      <div className={classes.scroller}>
        <table
          className={classes.table}
          aria-label={caption}
          aria-busy={loading}
          style={{ opacity: loading ? 0.6 : 1 }}
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} className={column.wideOnly ? classes.wide : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.wideOnly ? classes.wide : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('paging.range', { from, to, total })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <NativeSelect
            size="xs"
            aria-label={t('paging.pageSize')}
            value={String(paging.pageSize)}
            data={PAGE_SIZES.map((size) => ({
              value: String(size),
              label: t('paging.perPage', { count: size }),
            }))}
            onChange={(event) => {
              const size = Number(event.currentTarget.value);
              // A new page size starts from the first page: the old page number means other rows.
              if (isPageSize(size)) onPagingChange({ page: 1, pageSize: size });
            }}
          />
          <Pagination
            size="sm"
            total={pageCount}
            value={Math.min(paging.page, pageCount)}
            onChange={(page) => onPagingChange({ ...paging, page })}
            getControlProps={(control) => ({ 'aria-label': t(`paging.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('paging.page', { page }) })}
          />
        </Group>
      </Group>
    </div>
  );
}
