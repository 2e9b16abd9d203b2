// The child list's calls (4.5), loaded on first use rather than with the entry (client.ts): the
// whole list, read and checked off the main thread (docs/decisions/0024): over 10,000 centres its
// 648 kB of JSON took the main thread for hundreds of milliseconds to parse and validate. The worker
// fetches it through the proxy, parses it with the contract, and hands back plain data, or the
// failure's fields, from which the same ApiError value is made again here. And one centre's record
// from the proxy's index, small enough to read here.
import { ApiError } from '@/contract/api-error-value';
import type { CentrePage, CentrePageQuery } from '@/proxy-api/centres';
import type { ChildCentersPage } from '@/contract/operations/list-child-centers';
import type { ChildListItem } from '@/contract/schemas';
import { errorFromFields, type ListReply, type ListRequest } from './child-list-messages.ts';
import { runOperation } from './client.ts';

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<
  number,
  { resolve: (page: ChildCentersPage) => void; reject: (error: unknown) => void }
>();

function workerOf(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./child-list.worker.ts', import.meta.url), { type: 'module' });
  started.addEventListener('message', (event: MessageEvent<ListReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFromFields(reply.error));
  });
  // A worker that cannot start (a script refused, offline): every call waiting fails as unreachable.
  started.addEventListener('error', () => {
    for (const pending of waiting.values())
      pending.reject(new ApiError({ kind: 'network', detail: 'worker failed' }));
    waiting.clear();
    worker = undefined;
  });
  worker = started;
  return started;
}

/** 4.5 without a limit, through the proxy, parsed and validated in the worker. */
export function listChildCentersOffThread(
  providerId: number,
  signal?: AbortSignal,
): Promise<ChildCentersPage> {
  const id = nextId++;
  const target = workerOf();
  return new Promise<ChildCentersPage>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError({ kind: 'aborted' }));
      return;
    }
    waiting.set(id, { resolve, reject });
    signal?.addEventListener(
      'abort',
      () => {
        if (!waiting.delete(id)) return;
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
        target.postMessage({ id, abort: true } satisfies ListRequest);
        reject(new ApiError({ kind: 'aborted' }));
      },
      { once: true },
    );
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker has no target origin
    target.postMessage({ id, providerId, origin: location.origin } satisfies ListRequest);
  });
}

const loadGetCentre = () => import('@/proxy-api/centres').then((module) => module.getCentre);
const loadListChildCenters = () =>
  import('@/contract/operations/list-child-centers').then((module) => module.listChildCenters);

/** One centre's own record from the proxy's index (get-centre.ts has its query options). */
export async function getCentre(centreId: number, signal?: AbortSignal): Promise<ChildListItem> {
  return (await runOperation(loadGetCentre, { centreId }, { signal })).centre;
}

/** 4.5 without a limit: in the worker where the page has one, else here (jsdom, in the tests). */
export function listChildCenters(providerId: number, signal?: AbortSignal): Promise<ChildCentersPage> {
  if (typeof Worker !== 'undefined') return listChildCentersOffThread(providerId, signal);
  return runOperation(loadListChildCenters, { providerId }, { signal });
}

const loadGetOwnCentre = () => import('@/proxy-api/centres').then((module) => module.getOwnCentre);

/** The name of the centre a centre's own login acts for, when the proxy knows it (D3). */
export async function getOwnCentreName(signal?: AbortSignal): Promise<string | null> {
  return (await runOperation(loadGetOwnCentre, undefined, { signal })).name;
}

const loadGetCentrePage = () => import('@/proxy-api/centres').then((module) => module.getCentrePage);

/** A page of the proxy's index, searched and sorted there (centre-page.ts has its query options). */
export function getCentrePage(query: CentrePageQuery, signal?: AbortSignal): Promise<CentrePage> {
  return runOperation(loadGetCentrePage, query, { signal });
}
