import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@/console/lib/i18n';
import { requestOf, usePagedQuery, type Paging } from '@/console/lib/paging';
import { render } from '@/console/testing/render';
import { PagedTable } from './paged-table.tsx';

// A server list of 60 doctors, paged as spec 2.5 pages (offset, limit, meta.total), with a gate
// that holds each answer until the test lets it through.
const DOCTORS = Array.from({ length: 60 }, (_, index) => ({
  id: `d-${index + 1}`,
  name: `Doctor ${index + 1}`,
}));

function serverList() {
  const asked: { offset: number; limit: number }[] = [];
  const waiting: (() => void)[] = [];
  let held = false;
  return {
    asked,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const go of waiting.splice(0)) go();
    },
    options: ({ offset, limit }: { offset: number; limit: number }) =>
      queryOptions({
        queryKey: ['doctors', offset, limit],
        queryFn: async () => {
          asked.push({ offset, limit });
          if (held) await new Promise<void>((resolve) => waiting.push(resolve));
          return {
            data: DOCTORS.slice(offset, offset + limit),
            meta: { total: DOCTORS.length, offset, limit },
          };
        },
      }),
  };
}

function Doctors({ server }: { server: ReturnType<typeof serverList> }) {
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 25 });
  const { query, total, isShowingPrevious } = usePagedQuery(
    (next) => server.options(requestOf(next)),
    paging,
  );
  if (!query.data || total === undefined) return <p>Loading</p>;
  return (
    <PagedTable
      caption="Doctors"
      columns={[{ key: 'name', header: 'Name', cell: (row: (typeof DOCTORS)[number]) => row.name }]}
      rows={query.data.data}
      rowKey={(row) => row.id}
      total={total}
      paging={paging}
      onPagingChange={setPaging}
      loading={isShowingPrevious}
    />
  );
}

function renderDoctors() {
  const server = serverList();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider initial="en">
      <QueryClientProvider client={client}>
        <Doctors server={server} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return server;
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Doctors' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the paged server table', () => {
  it('shows the page, its range and the total, and fetches the next page before it is asked for', async () => {
    const server = renderDoctors();
    expect(await screen.findByText('1–25 of 60')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(25);
    expect(rowNames()[0]).toBe('Doctor 1');
    await waitFor(() => expect(server.asked).toContainEqual({ offset: 25, limit: 25 }));
  });

  it('keeps the previous page on screen, marked busy, while the next one loads', async () => {
    const server = renderDoctors();
    const user = userEvent.setup();
    await screen.findByText('1–25 of 60');
    await waitFor(() => expect(server.asked).toContainEqual({ offset: 25, limit: 25 }));
    server.hold();
    // Page 3 was not fetched ahead: it has to load, and page 1 stays until it has.
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(rowNames()[0]).toBe('Doctor 1');
    expect(screen.getByRole('table', { name: 'Doctors' })).toHaveAttribute('aria-busy', 'true');
    server.release();
    await waitFor(() => expect(rowNames()[0]).toBe('Doctor 51'));
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Doctors' })).toHaveAttribute('aria-busy', 'false');
  });

  it('goes back to the first page when the page size changes, and offers only 10, 25, 50 and 100', async () => {
    const server = renderDoctors();
    const user = userEvent.setup();
    await screen.findByText('1–25 of 60');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('26–50 of 60');
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect([...size.querySelectorAll('option')].map((option) => option.value)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
    await user.selectOptions(size, '50');
    expect(await screen.findByText('1–50 of 60')).toBeInTheDocument();
    expect(server.asked).toContainEqual({ offset: 0, limit: 50 });
  });
});
