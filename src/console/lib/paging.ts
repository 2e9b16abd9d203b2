import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { PageSize } from './search-params.ts';

/** A page of a server list: spec 2.5's `meta` beside the rows. */
export interface ServerPage {
  meta: { total: number; offset: number; limit: number };
}

export interface Paging {
  page: number;
  pageSize: PageSize;
}

/** The offset and limit a page asks the server for (spec 2.5, offset zero-based). */
export const requestOf = ({ page, pageSize }: Paging) => ({ offset: (page - 1) * pageSize, limit: pageSize });

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * One page of a server-paged list. The previous page stays on screen while the next one loads
 * (`isShowingPrevious` says so), and the page after it is fetched ahead, so that "next" is instant.
 * A page past the end (an old link, a list that shrank, `?page=99`) answers `lastPage`, the page
 * the screen goes to instead, once the server's answer for the page asked says so.
 */
export function usePagedQuery<T extends ServerPage, Key extends readonly unknown[]>(
  optionsFor: (paging: Paging) => UseQueryOptions<T, Error, T, Key>,
  paging: Paging,
) {
  const query = useQuery({ ...optionsFor(paging), placeholderData: keepPreviousData });
  const total = query.data?.meta.total;
  const pageCount = total === undefined ? undefined : pageCountOf(total, paging.pageSize);
  const hasNext = pageCount !== undefined && paging.page < pageCount && !query.isPlaceholderData;
  // The next page, fetched ahead by a silent observer: nothing re-renders when it arrives.
  useQuery({
    ...optionsFor({ ...paging, page: paging.page + 1 }),
    enabled: hasNext,
    notifyOnChangeProps: [],
  });
  const lastPage =
    pageCount !== undefined && !query.isPlaceholderData && paging.page > pageCount ? pageCount : undefined;
  return { query, total, pageCount, lastPage, isShowingPrevious: query.isPlaceholderData };
}
