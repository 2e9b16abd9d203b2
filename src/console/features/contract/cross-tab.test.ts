import { describe, expect, it } from 'vitest';
import { createCrossTab, type CrossTabMessage } from './cross-tab.ts';

// Node implements the browser's Web Locks API and BroadcastChannel (jsdom has neither): two
// coordinators over them are two tabs of one browser.
type NodeProcess = { getBuiltinModule(id: 'node:worker_threads'): { locks: LockManager } };
const locks = (globalThis as unknown as { process: NodeProcess }).process.getBuiltinModule(
  'node:worker_threads',
).locks;

const channelName = () => `contract-actions-test-${Math.random()}`;

describe('one pending contract action per centre across tabs', () => {
  it('lets a second tab claim nothing while the first holds the centre, and claim it once released', async () => {
    const name = channelName();
    const firstChannel = new BroadcastChannel(name);
    const first = createCrossTab(locks, firstChannel);
    const secondChannel = new BroadcastChannel(name);
    const second = createCrossTab(locks, secondChannel);
    const heard: CrossTabMessage[] = [];
    const { promise: released, resolve } = Promise.withResolvers<void>();
    second.subscribe((message) => {
      heard.push(message);
      if (message.state === 'released') resolve();
    });
    const key = `centre-${Math.random()}`;

    expect(await first.claim(key)).toBe(true);
    // The same tab again: still its own.
    expect(await first.claim(key)).toBe(true);
    expect(await second.claim(key)).toBe(false);
    expect(await second.heldElsewhere(key)).toBe(true);
    expect(await first.heldElsewhere(key)).toBe(false);
    // Another centre is free.
    expect(await second.claim(`${key}-other`)).toBe(true);

    first.release(key, true);
    await released;
    expect(heard.filter((message) => message.key === key)).toEqual([
      { key, state: 'claimed', settled: false },
      { key, state: 'released', settled: true },
    ]);
    expect(await second.heldElsewhere(key)).toBe(false);
    expect(await second.claim(key)).toBe(true);
    expect(await first.claim(key)).toBe(false);
    second.release(key, false);
    second.release(`${key}-other`, false);
    secondChannel.close();
    firstChannel.close();
  });

  it('coordinates within the page alone where the browser has no Web Locks', async () => {
    const alone = createCrossTab(undefined, undefined);
    expect(await alone.claim('k')).toBe(true);
    expect(await alone.heldElsewhere('k')).toBe(false);
    alone.release('k', true);
    expect(await alone.claim('k')).toBe(true);
  });
});
