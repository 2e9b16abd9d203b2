import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, createI18n, loadArea, type I18n } from '@/console/lib/i18n';
import type { CentreChange } from '@/proxy-api/watch';
import { changeWords, timelineLines } from './timeline-words.ts';

// Issue 47: the history read a cancellation as "Contract changed" + "Seats changed" while the inbox
// said "contract was cancelled". One refresh's changes (the same `at`), newest first.

const AT = Date.parse('2026-12-06T10:00:00.000Z');
const EARLIER = Date.parse('2026-12-01T10:00:00.000Z');
const change = (id: number, kind: string, before: unknown, after: unknown, at = AT): CentreChange => ({
  id,
  at,
  kind,
  before,
  after,
});
const contract = (status: string) => ({ contract: { plan: 'PRO' }, status });

const say = (t: I18n['t'], changes: CentreChange[]) =>
  timelineLines(changes).map((one) => changeWords(t, one));

describe('a centre’s history in words', () => {
  let t: I18n['t'];
  beforeAll(async () => {
    await loadArea('licences');
    await activateLanguage('en');
    t = createI18n('en').t;
  });

  it('names a cancellation as one line, its seats part of it', () => {
    const cancelled = [
      change(3, 'contract', contract('ACTIVE'), contract('INACTIVE')),
      change(4, 'seats', { PRO: 5 }, { PRO: 0 }),
      change(2, 'seats', { PRO: 4 }, { PRO: 5 }, EARLIER),
    ];
    expect(say(t, cancelled)).toEqual(['Contract cancelled', 'Seats changed']);
  });

  it('names a reactivation, and keeps other contract changes as they were', () => {
    expect(say(t, [change(5, 'contract', contract('INACTIVE'), contract('ACTIVE'))])).toEqual([
      'Contract reactivated',
    ]);
    expect(
      say(t, [
        change(6, 'contract', contract('ACTIVE'), { contract: { plan: 'BASIC' }, status: 'ACTIVE' }),
        change(7, 'seats', { PRO: 5 }, { BASIC: 5 }),
      ]),
    ).toEqual(['Contract changed', 'Seats changed']);
  });
});
