import { expect, test } from 'vitest';
import { silentLogger } from '../http/context.ts';
import { entry } from '../../testing/audit-store-suite.ts';
import { createMemoryAuditStore } from '../../features/audit/memory-store.ts';
import { purgeOnce } from './retention.ts';

test('the retention purge removes the entries older than AUDIT_RETENTION_DAYS, by age and not by count', async () => {
  const audit = createMemoryAuditStore();
  const now = Date.parse('2026-11-23T08:00:00Z');
  const day = 86_400_000;
  await audit.append([
    entry('demo', { at: now - 401 * day, subject: 'too old' }),
    entry('demo', { at: now - 399 * day, subject: 'kept' }),
    ...Array.from({ length: 50 }, (_, index) =>
      entry('demo', { at: now - index * 1_000, subject: `new-${index}` }),
    ),
  ]);
  await purgeOnce(
    { name: 'audit', retentionDays: 400, purge: async (before) => ({ removed: await audit.purge(before) }) },
    now,
    silentLogger,
  );
  const page = await audit.page({
    scope: { environment: 'demo', ownerProviderId: 100 },
    filter: {},
    limit: 100,
  });
  expect(page.entries).toHaveLength(51);
  expect(page.entries.at(-1)?.subject).toBe('kept');
});

test('a purge that fails is logged by its name and class, never thrown at the schedule', async () => {
  const lines: unknown[] = [];
  const log = { ...silentLogger, warn: (fields: unknown) => void lines.push(fields) };
  await purgeOnce(
    {
      name: 'watch_history',
      retentionDays: 400,
      purge: () => Promise.reject(new TypeError('the database went away')),
    },
    Date.now(),
    log,
  );
  expect(lines).toEqual([{ event: 'watch_history_purge_failed', error: 'TypeError' }]);
});
