// Issue 49, items 1 and 4: /readyz names the part that is out (the job queue included), answers
// 503 from the moment the instance starts draining, and 200 again once the part is back.
import { expect, test } from 'vitest';
import { createMemoryAuditStore } from '../audit/memory-store.ts';
import { createMemoryStore } from '../../core/sessions/store.ts';
import { createDrain } from './drain.ts';
import { healthRoutes } from './health.ts';

test('/readyz covers the job queue and says so when it is out, then recovers', async () => {
  let queueUp = true;
  const routes = healthRoutes(createMemoryStore(), createMemoryAuditStore(), {
    queue: async () => {
      if (!queueUp) throw new Error('connection refused');
    },
  });
  const ready = await routes.request('/readyz');
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', store: 'ready', database: 'ready', queue: 'ready' });
  queueUp = false;
  const out = await routes.request('/readyz');
  expect(out.status).toBe(503);
  expect(await out.json()).toMatchObject({ code: 'not_ready', database: 'ready', queue: 'not_connected' });
  queueUp = true;
  expect((await routes.request('/readyz')).status).toBe(200);
});

test('/readyz without a watcher says the queue is off and stays ready', async () => {
  const answer = await healthRoutes(createMemoryStore(), createMemoryAuditStore()).request('/readyz');
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ queue: 'off' });
});

test('draining turns /readyz 503 at once while /healthz stays alive, for the drain time', async () => {
  const waits: number[] = [];
  const gate = Promise.withResolvers<void>();
  const drain = createDrain(5_000, (ms) => {
    waits.push(ms);
    return gate.promise;
  });
  const routes = healthRoutes(createMemoryStore(), createMemoryAuditStore(), { drain });
  expect((await routes.request('/readyz')).status).toBe(200);
  let drained = false;
  const begun = drain.begin().then(() => (drained = true));
  const answer = await routes.request('/readyz');
  expect(answer.status).toBe(503);
  expect(await answer.json()).toMatchObject({ code: 'not_ready', draining: 'true' });
  expect((await routes.request('/healthz')).status).toBe(200);
  // A second SIGTERM does not start a second wait.
  void drain.begin();
  expect(waits).toEqual([5_000]);
  expect(drained).toBe(false);
  gate.resolve();
  await begun;
  expect(drained).toBe(true);
});
