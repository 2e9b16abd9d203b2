import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { parseState, serializeState } from './server-state.ts';

// The data a server-rendered screen was drawn from travels inside the page (docs/decisions/0028):
// a name a centre's owner chose must not be able to end its element or run as script.

const hostile = '</script><script>alert(1)</script><!--';

function stateWith(data: unknown) {
  const client = new QueryClient();
  client.setQueryData(['child-centers', 100], data);
  return dehydrate(client);
}

test('a centre named to break out of the page’s script element stays data: no <, > or & reaches the HTML', () => {
  const text = serializeState(stateWith([{ id: 1, name: hostile, city: 'A & B' }]));
  expect(text).not.toMatch(/[<>&]/);
  expect(text).not.toContain('</script');
});

test('the browser reads back exactly what the server held, dates as dates', () => {
  const now = new Date('2026-12-07T01:00:00.000Z');
  const client = new QueryClient();
  client.setQueryData(['child-centers', 100], [{ id: 1, name: hostile, city: 'A & B\u2028' }]);
  client.setQueryData(['service-clock', 'demo'], now);
  const restored = new QueryClient();
  hydrate(restored, parseState(serializeState(dehydrate(client))));
  expect(restored.getQueryData(['child-centers', 100])).toEqual([
    { id: 1, name: hostile, city: 'A & B\u2028' },
  ]);
  expect(restored.getQueryData(['service-clock', 'demo'])).toEqual(now);
});

test('an object that merely looks like a tagged date is left as it was', () => {
  const client = new QueryClient();
  client.setQueryData(['x'], { $date: 'not a date', other: 1 });
  const restored = new QueryClient();
  hydrate(restored, parseState(serializeState(dehydrate(client))));
  expect(restored.getQueryData(['x'])).toEqual({ $date: 'not a date', other: 1 });
});

test('dates deep in a list come back as dates, and the server’s own cache keeps its dates', () => {
  const at = new Date('2026-12-07T10:00:00.000Z');
  const client = new QueryClient();
  const centres = [
    { id: 1, name: 'A', seen: [{ at }] },
    { id: 2, name: 'B', seen: [] },
  ];
  client.setQueryData(['child-centers', 100], centres);
  const restored = new QueryClient();
  hydrate(restored, parseState(serializeState(dehydrate(client))));
  expect(restored.getQueryData(['child-centers', 100])).toEqual(centres);
  expect(client.getQueryData<typeof centres>(['child-centers', 100])?.[0]?.seen[0]?.at).toBe(at);
});
