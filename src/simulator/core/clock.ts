// D10: the test clock. "Now" moves only forward, through the control API; crossing a provider's
// renewal starts a new monthly period and applies due scheduled changes.
import { z } from 'zod';
import { dropExcess, PLAN_ID } from './licences.ts';
import { parseBody } from './parse.ts';
import { nowMs } from './providers.ts';
import { dropTokens } from './request-token.ts';
import { addMonth, DAY_MS, isIsoUtc, parseTime, toIso } from './time.ts';
import { fail, ok, type Outcome, type Provider, type SimState } from './types.ts';

const clockSchema = z.union([
  z.object({ advanceDays: z.number().min(0).max(3650) }).strict(),
  z.object({ now: z.string().refine(isIsoUtc, 'must be an ISO 8601 UTC date-time') }).strict(),
]);

export function moveClock(state: SimState, body: unknown): Outcome<{ now: string }> {
  const parsed = parseBody(clockSchema, body);
  if (!parsed.ok) return parsed;
  const target =
    'now' in parsed.value ? Date.parse(parsed.value.now) : nowMs(state) + parsed.value.advanceDays * DAY_MS;
  if (target < nowMs(state)) return fail(422, 'The test clock only moves forward');
  // Bounded so that one call cannot spin through centuries of monthly periods.
  if (target - nowMs(state) > 3650 * DAY_MS)
    return fail(422, 'The test clock moves at most 3650 days at once');
  advanceTo(state, target);
  return ok({ now: state.now });
}

/** D10: due scheduled changes apply, monthly periods roll over (usage back to 0), TRIALs expire (derived). */
export function advanceTo(state: SimState, target: number): void {
  for (const provider of Object.values(state.providers)) {
    let renews = Date.parse(provider.renewsAt);
    while (renews <= target) {
      applyDueChanges(provider, renews);
      for (const l of provider.licenses) {
        l.currentUsage = 0;
        if (l.type !== 'TRIAL') l.expiresAt = toIso(addMonth(renews));
      }
      renews = addMonth(renews);
    }
    provider.renewsAt = toIso(renews);
    applyDueChanges(provider, target);
  }
  state.now = toIso(target);
  // Tokens past their expiry can never be used again (D1): forget them.
  dropTokens(state);
}

function applyDueChanges(provider: Provider, at: number): void {
  const c = provider.contract;
  if (!c) return;
  if (c.scheduledDowngrade && Date.parse(c.scheduledDowngrade.effectiveDate) <= at) {
    const q = c.scheduledDowngrade.quantity;
    for (const t of ['BASIC', 'ELITE'] as const) {
      const n = q[PLAN_ID[t]];
      if (n === undefined) continue;
      if (n > 0) c.seats[t] = n;
      else delete c.seats[t];
      dropExcess(provider, t, n);
    }
    c.scheduledDowngrade = null;
  }
  if (c.scheduledSwitch && parseTime(c.scheduledSwitch.effectiveDate) <= at) {
    const q = c.scheduledSwitch.quantity;
    provider.licenses = provider.licenses.filter((l) => l.type !== 'USAGE');
    c.model = 'SEATS';
    c.includedConsultations = null;
    c.seats = {};
    for (const t of ['BASIC', 'ELITE'] as const) {
      const n = q[PLAN_ID[t]] ?? 0;
      if (n > 0) c.seats[t] = n;
    }
    c.scheduledSwitch = null;
  }
}
