import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractEventsSchema } from '../../../proxy-api/console.ts';
import { activityPageSchema } from '../../../proxy-api/activity.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { spawnProxy as spawn, type ProxyProcess } from '../../testing/process.ts';

// `npm start` with the embedded default (docs/decisions/0018): what was recorded before a restart
// is there after it, and a second proxy cannot open the same folder.

let data: { dir: string; remove(): void };
beforeAll(async () => {
  data = await freshDataDir();
}, 120_000);
// Whatever a failed run leaves running is stopped before the folder goes.
const started: ProxyProcess[] = [];
const spawnProxy = (env: Record<string, string>) => {
  const proxy = spawn(env);
  started.push(proxy);
  return proxy;
};
afterAll(async () => {
  for (const proxy of started) if (proxy.child.exitCode === null) proxy.child.kill('SIGTERM');
  await Promise.all(started.map((proxy) => proxy.exited));
  data.remove();
});

const headers = { 'x-requested-with': 'provider-console', 'content-type': 'application/json' };

async function demoLogin(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/demo-login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ as: 'parent' }),
  });
  expect(response.status).toBe(200);
  return `__Host-provider-console-session=${sessionFrom(response)}`;
}

test('start, act, stop, start: the activity recorded before is read after the restart', async () => {
  const first = spawnProxy({ DATA_DIR: data.dir });
  const url = await first.listening;
  const cookie = await demoLogin(url);
  const sent = await fetch(`${url}/api/payments/v1/partner/webhook`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      id: 'evt_before_restart',
      type: 'customer.subscription.deleted',
      created: '2026-11-22T10:00:00Z',
      data: { providerId: 107 },
    }),
  });
  expect(sent.status).toBe(200);

  // The same folder cannot be opened by a second proxy while the first runs.
  const second = spawnProxy({ DATA_DIR: data.dir });
  expect(await second.exited).toBe(2);
  expect(second.stderr()).toContain(`DATA_DIR: ${data.dir} is in use by another proxy`);

  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);

  const again = spawnProxy({ DATA_DIR: data.dir });
  const nextUrl = await again.listening;
  const nextCookie = await demoLogin(nextUrl);
  const events = contractEventsSchema.parse(
    await (await fetch(`${nextUrl}/contract-events`, { headers: { ...headers, cookie: nextCookie } })).json(),
  ).events;
  expect(events.map((event) => event.eventId)).toEqual(['evt_before_restart']);
  const activity = activityPageSchema.parse(
    await (await fetch(`${nextUrl}/audit/entries`, { headers: { ...headers, cookie: nextCookie } })).json(),
  ).entries;
  // Newest first: this sign-in, then before the restart the event, the sign-in.
  expect(activity.map((entry) => entry.action)).toEqual(['auth.sign_in', 'contract.event', 'auth.sign_in']);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
}, 120_000);
