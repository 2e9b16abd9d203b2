import { describe, expect, it } from 'vitest';
import { demoState, PAGING_CENTRE_ID } from './seed.ts';

describe('the demo seed (D12)', () => {
  it('has a centre of the demo parent with more than 60 doctors, for paging the doctor list', () => {
    const state = demoState();
    const centre = state.providers[String(PAGING_CENTRE_ID)];
    expect(centre?.parentId).toBe(100);
    expect(centre?.doctors.length).toBeGreaterThan(60);
    // Every doctor id is its own: a doctor list pages over distinct doctors (D4 idempotence).
    const ids = centre?.doctors.map((doctor) => doctor.doctorId) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is the same world every time', () => {
    expect(JSON.stringify(demoState())).toBe(JSON.stringify(demoState()));
  });
});
