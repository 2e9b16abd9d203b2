// The child list's worker (child-list-calls.ts, docs/decisions/0024): each request is read
// through the proxy and checked by the contract here, off the page's main thread.
import { answerListRequest } from './child-list-answer.ts';
import type { ListRequest } from './child-list-messages.ts';

const running = new Map<number, AbortController>();

async function answer(request: Extract<ListRequest, { providerId: number }>) {
  const controller = new AbortController();
  running.set(request.id, controller);
  const reply = await answerListRequest(request, globalThis.fetch.bind(globalThis), controller.signal);
  running.delete(request.id);
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's scope has no target origin
  if (!controller.signal.aborted) self.postMessage(reply);
}

self.addEventListener('message', (event: MessageEvent<ListRequest>) => {
  const request = event.data;
  if ('abort' in request) running.get(request.id)?.abort();
  else void answer(request);
});
