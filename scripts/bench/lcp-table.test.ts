import { describe, expect, it } from 'vitest';
import type { LoadFigures } from './browser.ts';
import { lcpTable } from './lcp-table.ts';

const load = (lcpMs: number, extra: Partial<LoadFigures> = {}): LoadFigures => ({
  lcpMs,
  cls: 0,
  lcpRuns: [lcpMs],
  lcpElements: ['h1 "Centres"'],
  waterfall: [],
  endedOn: ['/centres'],
  wrongEnd: undefined,
  ...extra,
});

describe("each screen's largest paint", () => {
  it('gives each screen its time, its ratio to the bare page, its element and where it ended', () => {
    const [, , bare, centres] = lcpTable([{ name: 'centres', figures: load(780) }], load(520));
    expect(bare).toContain('| bare page | 520 ms | 1.00× |');
    expect(centres).toBe('| centres | 780 ms | 1.50× | `h1 "Centres"` | 0 | `/centres` |');
  });

  it('voids a screen whose run ended on another address, and says where', () => {
    const voided = load(Number.NaN, { endedOn: ['/login'], wrongEnd: '/login' });
    const row = lcpTable([{ name: 'inbox', figures: voided }], load(520))[3];
    expect(row).toContain('| inbox | — | — |');
    expect(row).toContain('not its own address: /login');
  });
});
