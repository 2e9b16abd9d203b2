import { describe, expect, it } from 'vitest';
import { parseDemoSeed } from './demo-seed.ts';

describe('the demo world options of npm start', () => {
  it('keep the D12 demo seed when none is given', () => {
    expect(parseDemoSeed({})).toEqual({ ok: true, seed: undefined });
  });

  it('generate N centres with M doctors each, 20 doctors unless told', () => {
    expect(parseDemoSeed({ 'demo-centres': '1000', 'demo-doctors': '20' })).toEqual({
      ok: true,
      seed: { centres: 1000, doctors: 20 },
    });
    expect(parseDemoSeed({ 'demo-centres': '50' })).toEqual({ ok: true, seed: { centres: 50, doctors: 20 } });
  });

  it('refuse what is not a whole number in range, saying which option is wrong', () => {
    expect(parseDemoSeed({ 'demo-centres': 'many' })).toEqual({
      ok: false,
      message: '--demo-centres must be a whole number',
    });
    expect(parseDemoSeed({ 'demo-centres': '10', 'demo-doctors': '0' })).toEqual({
      ok: false,
      message: '--demo-doctors must be at least 1',
    });
    expect(parseDemoSeed({ 'demo-centres': '2.5' })).toMatchObject({ ok: false });
    expect(parseDemoSeed({ 'demo-doctors': '5' })).toEqual({
      ok: false,
      message: '--demo-doctors needs --demo-centres',
    });
  });
});
