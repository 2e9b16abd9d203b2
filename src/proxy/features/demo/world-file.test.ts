import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { silentLogger } from '../../core/http/context.ts';
import { createSimulator, type SimState } from '../../../simulator/index.ts';
import { createWorldFile, WORLD_FILE } from './world-file.ts';
import { startDemoWorld, type DemoWorld } from './world.ts';

// Issue 47 item 6: the demo world kept in the data folder across a restart of the proxy.
let dataDir: string;
let worlds: DemoWorld[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'demo-world-'));
});
afterEach(() => {
  for (const world of worlds) world.stop();
  worlds = [];
  rmSync(dataDir, { recursive: true, force: true });
});

const hour = 3_600_000;
const start = async (resetMs = 24 * hour) => {
  const world = await startDemoWorld({ templatesPrefix: '', resetMs, logger: silentLogger, keepIn: dataDir });
  worlds.push(world);
  return world;
};
const control = (world: DemoWorld, pathname: string, body?: unknown) =>
  world.fetch(
    new Request(`http://simulator.invalid${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
const centreNames = async (world: DemoWorld) => {
  const state = (await (await control(world, '/__sim/state')).json()) as SimState;
  return Object.values(state.providers).map((provider) => provider.name);
};
const clock = async (world: DemoWorld) =>
  ((await (await control(world, '/__sim/clock')).json()) as { now: string }).now;

test('a centre added and the clock moved are still there when the world starts again from the same folder', async () => {
  const first = await start();
  expect(
    (
      await control(first, '/__sim/providers', {
        name: 'Clínica Kept',
        country: 'ES',
        city: 'Girona',
        parentId: 100,
      })
    ).status,
  ).toBe(200);
  expect((await control(first, '/__sim/clock', { advanceDays: 14 })).status).toBe(200);
  const moved = await clock(first);
  first.stop();

  const second = await start();
  expect(await centreNames(second)).toContain('Clínica Kept');
  expect(await clock(second)).toBe(moved);
  expect(second.now()).toBe(Date.parse(moved));
});

test('the control API’s reset is kept too: the next start is the seed, not the world before it', async () => {
  const first = await start();
  await control(first, '/__sim/providers', {
    name: 'Clínica Gone',
    country: 'ES',
    city: 'Girona',
    parentId: 100,
  });
  expect((await control(first, '/__sim/reset', {})).status).toBe(200);
  first.stop();
  expect(await centreNames(await start())).not.toContain('Clínica Gone');
});

test('a world past its daily reset, another seed’s or a damaged file starts afresh', async () => {
  const world = createSimulator({ seed: 'demo' }).exportState();
  const renamed = world.providers['101'];
  if (renamed) renamed.name = 'Renamed';
  const file = createWorldFile(dataDir, { logger: silentLogger });
  const write = (seed: string, nextResetAt: number) => {
    file.changed(() => ({ seed, nextResetAt, state: world }));
    file.flush();
  };
  write('demo', Date.now() + hour);
  expect(file.read('demo', Date.now())?.state.providers['101']?.name).toBe('Renamed');
  expect(file.read('demo', Date.now() + 2 * hour)).toBeUndefined();
  write('generated', Date.now() + hour);
  expect(file.read('demo', Date.now())).toBeUndefined();
  writeFileSync(path.join(dataDir, WORLD_FILE), '{"version":1,"seed":"demo"');
  expect(file.read('demo', Date.now())).toBeUndefined();
  expect(await centreNames(await start())).not.toContain('Renamed');
});

test('no token is written to the folder, and a sign-in writes nothing', async () => {
  const first = await start();
  first.stop();
  const written = readFileSync(path.join(dataDir, WORLD_FILE), 'utf8');
  const second = await start();
  const token = await second.fetch(
    new Request('http://simulator.invalid/api/iam/integration/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-parent&client_secret=demo-parent-secret',
    }),
  );
  expect(token.status).toBe(200);
  second.stop();
  const after = readFileSync(path.join(dataDir, WORLD_FILE), 'utf8');
  expect(after).toBe(written);
  expect(JSON.parse(after)).toMatchObject({ state: { tokens: {} } });
});

test('a kept world still counts what it grew since its seed against its room', async () => {
  const first = await start();
  await control(first, '/__sim/providers', { name: 'One', country: 'ES', city: 'Girona', parentId: 100 });
  first.stop();
  const kept = createWorldFile(dataDir, { logger: silentLogger }).read('demo', Date.now());
  if (!kept) throw new Error('the world was not kept');
  const seed = createSimulator({ seed: 'demo' }).core.state;
  expect(kept.state.nextIds.provider).toBe(seed.nextIds.provider + 1);
  const again = createSimulator({
    seed: 'demo',
    capacity: { centres: 1, doctors: 10, events: 10 },
    state: kept.state,
    grownSinceSeed: true,
  });
  const refused = await again.fetch(
    new Request('http://simulator.invalid/__sim/providers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Two', country: 'ES', city: 'Girona', parentId: 100 }),
    }),
  );
  expect(refused.status).toBe(429);
});
