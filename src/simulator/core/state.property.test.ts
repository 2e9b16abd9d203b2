import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCore, isEnabled, type SimCore } from './index.ts';

const parent = { providerId: 100 };
const ok = <T>(
  outcome: { ok: true; value: T } | { ok: false; error: { status: number; message: string } },
): T => {
  if (!outcome.ok) throw new Error(`${outcome.error.status} ${outcome.error.message}`);
  return outcome.value;
};

const CENTRES = [101, 102, 103, 104, 105, 106, 201, 202];
const planItems = fc.oneof(
  fc.constant([{ planType: 'USAGE', includedConsultations: 100 }]),
  fc
    .record({
      BASIC: fc.integer({ min: 0, max: 12 }),
      ELITE: fc.integer({ min: 0, max: 4 }),
      TRIAL: fc.integer({ min: 0, max: 3 }),
    })
    .map((q) => Object.entries(q).map(([planType, quantity]) => ({ planType, quantity }))),
);
const command = fc.oneof(
  fc.record({
    kind: fc.constant('webhook' as const),
    id: fc.integer({ min: 1, max: 8 }).map((n) => `evt_${n}`),
    type: fc.constantFrom(
      'checkout.session.completed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ),
    providerId: fc.constantFrom(...CENTRES),
    items: planItems,
  }),
  fc.record({ kind: fc.constant('clock' as const), days: fc.integer({ min: 0, max: 45 }) }),
  fc.record({
    kind: fc.constant('assign' as const),
    providerId: fc.constantFrom(...CENTRES),
    doctor: fc.integer({ min: 1, max: 12 }),
    type: fc.constantFrom('BASIC', 'ELITE', 'TRIAL', 'USAGE'),
  }),
  fc.record({
    kind: fc.constant('suspend' as const),
    providerId: fc.constantFrom(201, 202, 203),
    suspended: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('reports' as const),
    providerId: fc.constantFrom(...CENTRES),
    doctor: fc.integer({ min: 1, max: 12 }),
    count: fc.integer({ min: 1, max: 120 }),
  }),
);

/** Every broken invariant, as a sentence (empty when the state is valid). */
function violations(core: SimCore): string[] {
  const state = core.state;
  const out: string[] = [];
  for (const p of Object.values(state.providers)) {
    const c = p.contract;
    if (c?.model === 'SEATS') {
      for (const type of ['BASIC', 'ELITE', 'TRIAL'] as const) {
        const used = p.licenses.filter((l) => l.type === type).length;
        if (used > (c.seats[type] ?? 0))
          out.push(`${p.id}: ${type} used ${used} > total ${c.seats[type] ?? 0}`);
      }
      if (p.licenses.some((l) => l.type === 'USAGE')) out.push(`${p.id}: USAGE licence on a seat contract`);
    }
    if (c?.model === 'USAGE' && !p.licenses.every((l) => l.type === 'USAGE'))
      out.push(`${p.id}: seat licence on pay-per-use`);
    if ((c?.status === 'INACTIVE' || p.suspended) && p.licenses.some((l) => isEnabled(state, p, l)))
      out.push(`${p.id}: enabled licence while INACTIVE or suspended`);
    for (const l of p.licenses) {
      if (l.type === 'BASIC' && l.currentUsage > 100)
        out.push(`${p.id}: BASIC usage ${l.currentUsage} > 100`);
      if (!p.doctors.some((d) => d.doctorId === l.userId))
        out.push(`${p.id}: licence of unknown user ${l.userId}`);
    }
    if (new Set(p.licenses.map((l) => l.userId)).size !== p.licenses.length)
      out.push(`${p.id}: a user holds two licences`);
  }
  return out;
}

describe('random sequences never reach an invalid state', () => {
  it('webhook events, clock moves, licence assignments, reports and suspensions keep used ≤ total, INACTIVE or suspended ⇒ all disabled, and a repeated event id changes nothing (1,000 sequences)', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 25 }), (commands) => {
        const core = createCore();
        const broken: string[] = [];
        for (const cmd of commands) {
          if (cmd.kind === 'webhook') {
            const repeated = Object.hasOwn(core.state.appliedEvents, `e:${cmd.id}`);
            const before = repeated ? JSON.stringify(core.state) : '';
            const r = core.sendPartnerWebhook(parent, {
              id: cmd.id,
              type: cmd.type,
              created: '2026-11-22T10:00:00Z',
              data:
                cmd.type === 'customer.subscription.deleted'
                  ? { providerId: cmd.providerId }
                  : { providerId: cmd.providerId, items: cmd.items },
            });
            // A repeated event id changes nothing (D8); 403/404/409 still come first for a wrong target.
            if (repeated && r.ok && (r.value as { applied: boolean }).applied)
              broken.push(`${cmd.id} applied twice`);
            if (repeated && JSON.stringify(core.state) !== before)
              broken.push(`${cmd.id} repeated changed the state`);
          } else if (cmd.kind === 'clock') {
            ok(core.moveClock({ advanceDays: cmd.days }));
          } else if (cmd.kind === 'assign') {
            core.assignLicense(String(cmd.providerId), {
              userId: `${cmd.providerId}-doc-${String(cmd.doctor).padStart(3, '0')}`,
              type: cmd.type,
            });
          } else if (cmd.kind === 'reports') {
            core.recordReports(String(cmd.providerId), {
              userId: `${cmd.providerId}-doc-${String(cmd.doctor).padStart(3, '0')}`,
              count: cmd.count,
            });
          } else {
            core.setSuspension(String(cmd.providerId), { suspended: cmd.suspended });
          }
          broken.push(...violations(core));
        }
        expect(broken).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});
