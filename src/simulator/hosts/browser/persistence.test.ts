import { describe, expect, it } from 'vitest';
import { createPersistentDemoSimulator, DEMO_STORAGE_KEY } from './index.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const post = (path: string, body: unknown) =>
  new Request(`http://demo.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('browser demo persistence', () => {
  it('a reload keeps what was created: a new simulator reads the saved state', async () => {
    const storage = memoryStorage();
    const first = createPersistentDemoSimulator(storage);
    await first.fetch(post('/__sim/clock', { advanceDays: 3 }));
    const reloaded = createPersistentDemoSimulator(storage);
    expect(reloaded.exportState().now).toBe('2026-11-25T10:00:00Z');
  });

  it('/__sim/reset goes back to the demo seed and saves it', async () => {
    const storage = memoryStorage();
    const sim = createPersistentDemoSimulator(storage);
    await sim.fetch(post('/__sim/clock', { advanceDays: 3 }));
    await sim.fetch(new Request('http://demo.test/__sim/reset', { method: 'POST' }));
    expect(createPersistentDemoSimulator(storage).exportState().now).toBe('2026-11-22T10:00:00Z');
  });

  it('a corrupt saved state is dropped and the demo seed is used', () => {
    const storage = memoryStorage();
    storage.setItem(DEMO_STORAGE_KEY, '{"version":2}');
    expect(createPersistentDemoSimulator(storage).exportState().providers['100']?.clientId).toBe(
      'demo-parent',
    );
    expect(storage.map.has(DEMO_STORAGE_KEY)).toBe(false);
  });
});
