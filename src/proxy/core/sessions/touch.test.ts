import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { createSecretBox } from '../store/secret-box.ts';
import { createMemoryStore, type SessionStore } from './store.ts';
import { createSessionManager, touchIntervalMs } from './sessions.ts';

function setUp() {
  const clock = { now: Date.parse('2026-11-23T08:00:00Z') };
  const memory = createMemoryStore({ now: () => clock.now });
  const writes: string[] = [];
  let opened = 0;
  const store: SessionStore = {
    ...memory,
    replace: async (key, value, ttl) => {
      writes.push(key);
      return memory.replace(key, value, ttl);
    },
  };
  const box = createSecretBox(randomBytes(32));
  const sessions = createSessionManager({
    store,
    box: {
      seal: (text, context) => box.seal(text, context),
      open: (sealed, context) => {
        opened += 1;
        return box.open(sealed, context);
      },
    },
    now: () => clock.now,
    idleTimeoutMs: 15 * 60_000,
    absoluteTimeoutMs: 8 * 3_600_000,
  });
  const create = () =>
    sessions.create({
      environment: 'qa',
      providerId: 7,
      clientId: 'client',
      providerVerified: true,
      clientSecret: 'secret',
      accessToken: 'token',
      expiresInSeconds: undefined,
    });
  return { clock, writes, sessions, create, opened: () => opened };
}

test('the session record is rewritten at most once a minute, however many requests come', async () => {
  const { clock, writes, sessions, create } = setUp();
  const { id } = await create();
  const created = clock.now;
  for (const seconds of [1, 10, 30, 59]) {
    clock.now = created + seconds * 1_000;
    // oxlint-disable-next-line no-await-in-loop -- requests one after the other, as a page makes them
    expect((await sessions.lookup(id)).kind).toBe('active');
  }
  expect(writes).toEqual([]);
  clock.now = created + touchIntervalMs;
  expect((await sessions.lookup(id)).kind).toBe('active');
  expect(writes).toHaveLength(1);
  clock.now += 20_000;
  expect((await sessions.lookup(id)).kind).toBe('active');
  expect(writes).toHaveLength(1);
});

test('the idle timeout still ends a session: 15 minutes after the last rewrite, at most a minute early', async () => {
  const { clock, sessions, create } = setUp();
  const { id } = await create();
  clock.now += 61_000;
  expect((await sessions.lookup(id)).kind).toBe('active'); // rewritten here
  clock.now += 50_000;
  expect((await sessions.lookup(id)).kind).toBe('active'); // not rewritten
  clock.now += 15 * 60_000 - 50_000;
  expect((await sessions.lookup(id)).kind).toBe('expired');
});

test('the secret and the token are opened once per session, then kept in memory', async () => {
  const { sessions, create, opened } = setUp();
  const { id } = await create();
  const before = opened();
  for (let request = 0; request < 20; request += 1) {
    // oxlint-disable-next-line no-await-in-loop -- requests one after the other
    const found = await sessions.lookup(id);
    if (found.kind !== 'active') throw new Error('the session ended');
    // oxlint-disable-next-line no-await-in-loop -- as above
    expect(await sessions.tokenOf(found.session)).toBe('token');
  }
  // Created here: nothing needed opening at all.
  expect(opened() - before).toBe(0);
  await sessions.destroy(id);
  expect((await sessions.lookup(id)).kind).toBe('expired');
});
