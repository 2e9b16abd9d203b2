import { afterAll, afterEach, expect, test } from 'vitest';
import { copyDataDir } from '../../../../scripts/data-dir.ts';
import { sessionFrom } from '../../testing/harness.ts';
import { processHeaders, spawnProxy, type ProxyProcess } from '../../testing/process.ts';
import { sessionCookieName } from '../../core/sessions/carrier.ts';

// Issue 47 item 6, as a person meets it: a centre created in the demo before the proxy restarts is
// still among the parent's centres after it, on the same data folder, as Activity says it was
// created; and the demo's clock stays where the control API moved it.
const token = 'restart-control-token-0123456789ab';
const data = copyDataDir();
let proxy: ProxyProcess | undefined;
afterEach(async () => {
  await proxy?.stop();
});
afterAll(() => data.remove());

const start = async () => {
  proxy = spawnProxy({ HOST: '127.0.0.1', DATA_DIR: data.dir, DEMO_CONTROL_TOKEN: token });
  return proxy.listening;
};
const signIn = async (url: string) => {
  const answer = await fetch(`${url}/auth/demo-login`, {
    method: 'POST',
    headers: processHeaders,
    body: JSON.stringify({ as: 'parent' }),
  });
  expect(answer.status).toBe(200);
  return { ...processHeaders, cookie: `${sessionCookieName}=${sessionFrom(answer) ?? ''}` };
};
const control = { ...processHeaders, 'x-demo-control-token': token };
const centres = async (url: string) => {
  const list = await fetch(`${url}/api/core/v1/provider/100/child?limit=100`, { headers: await signIn(url) });
  const { response } = (await list.json()) as { response: { data: { id: number; name: string }[] } };
  return response.data;
};

test('a centre created and the clock moved before a restart are still there after it', async () => {
  const before = await start();
  const created = await fetch(`${before}/api/iam/v1/register/childProvider`, {
    method: 'POST',
    headers: await signIn(before),
    body: JSON.stringify({ name: 'Clínica Antes', country: 'ES', city: 'Girona' }),
  });
  expect(created.status).toBe(200);
  const { response } = (await created.json()) as { response: { providerId: number } };
  const moved = await fetch(`${before}/__sim/clock`, {
    method: 'POST',
    headers: control,
    body: JSON.stringify({ advanceDays: 14 }),
  });
  const { now } = (await moved.json()) as { now: string };
  await proxy?.stop();

  const after = await start();
  expect(await centres(after)).toContainEqual(
    expect.objectContaining({ id: response.providerId, name: 'Clínica Antes' }),
  );
  const clock = await fetch(`${after}/__sim/clock`, { headers: control });
  expect(await clock.json()).toEqual({ now });
  // Activity (the store) and the world agree: the centre it says was created is there.
  const activity = await fetch(`${after}/audit/entries?action=centre.create`, {
    headers: await signIn(after),
  });
  expect(JSON.stringify(await activity.json())).toContain(`"centreId":${response.providerId}`);
}, 120_000);
