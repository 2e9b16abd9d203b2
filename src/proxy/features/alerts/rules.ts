// The alert rules (issue 26 item 4, docs/decisions/0026): pure functions from what a refresh
// changed, the centres' latest states and `now` to the alerts due, each with a key that names it
// once and for all (the `alert` table's unique key makes it raised once across instances).
// - suspended / reinstated: a `suspension` change (2.8).
// - cancelled / reactivated: a `contract` change of 3.1's status to INACTIVE / from INACTIVE (D-notes:
//   a cancelled centre keeps its summary rows, every licence disabled; 4.7 carries `status`).
// - basic_limit: a `basic_limit` change; one alert per doctor newly at the monthly limit (2.7 a).
// - trial_ending: a TRIAL licence ending within 7 days of now, once per (doctor, expiresAt).
// - pending_change: a scheduled downgrade or switch (2.11) within 7 days, once per (kind, date).
// An `appeared` change (the centre seen for the first time) raises nothing: the first refresh of a
// connection would otherwise be a storm about states nobody just caused. The time rules still run
// over every state: a licence ending in three days is news whenever it is first seen.
import type { AlertRule } from '../../../proxy-api/alert-rules.ts';
import type { CentreState } from '../../../proxy-api/centre-state.ts';
import { soonMs } from '../../../proxy-api/alert-rules.ts';

// The rules, named once (contract/alert-rules.ts): the wire's and the console's list.
export { ALERT_RULES, type AlertRule } from '../../../proxy-api/alert-rules.ts';

/** Sent at once by e-mail (issue 26: "immediate for suspension and cancellation"); the rest go to the daily digest. */
export const IMMEDIATE_RULES: ReadonlySet<AlertRule> = new Set(['suspended', 'cancelled']);

/**
 * A person's choice for a rule when they made none: the inbox for every rule; e-mail only for what
 * cuts a centre off (suspension, cancellation), so that nobody's mailbox fills by default.
 */
export const defaultPreference = (rule: AlertRule) => ({ inbox: true, email: IMMEDIATE_RULES.has(rule) });

export { soonMs };

/** A change as the refresh stored it. */
export interface StoredChange {
  id: number;
  centreId: number;
  /** features/watch/changes.ts's kinds (not imported: this module is web-standard, the app's inbox reads it). */
  kind: string;
  before: unknown;
  after: unknown;
}

export interface CentreNow {
  centreId: number;
  name: string;
  listed: boolean;
  state: CentreState;
}

export interface AlertDraft {
  centreId: number;
  rule: AlertRule;
  dedupeKey: string;
  changeId: number | null;
  /** What the alert says beyond its rule (the centre's name, a doctor, a date). */
  payload: Record<string, string | number | boolean | null>;
}

type Doctor = { doctorId: string; name: string };
const isDoctors = (value: unknown): value is Doctor[] =>
  Array.isArray(value) &&
  value.every(
    (d: unknown) =>
      typeof d === 'object' && d !== null && 'doctorId' in d && typeof d.doctorId === 'string' && 'name' in d,
  );
const statusOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'string'
    ? value.status
    : null;

const cancelled = 'INACTIVE';

/** The alerts one stored change raises. */
export function alertsOfChange(change: StoredChange, centreName: string): AlertDraft[] {
  const base = { centreId: change.centreId, changeId: change.id };
  const key = (rule: AlertRule, extra = '') => `${rule}:${change.centreId}:${change.id}${extra}`;
  switch (change.kind) {
    case 'suspension': {
      const rule: AlertRule = change.after === true ? 'suspended' : 'reinstated';
      return [{ ...base, rule, dedupeKey: key(rule), payload: { centreName } }];
    }
    case 'contract': {
      const was = statusOf(change.before);
      const is = statusOf(change.after);
      const rule: AlertRule | undefined =
        is === cancelled && was !== cancelled
          ? 'cancelled'
          : was === cancelled && is !== null && is !== cancelled
            ? 'reactivated'
            : undefined;
      return rule ? [{ ...base, rule, dedupeKey: key(rule), payload: { centreName } }] : [];
    }
    case 'basic_limit': {
      const before = new Set(isDoctors(change.before) ? change.before.map((d) => d.doctorId) : []);
      const after = isDoctors(change.after) ? change.after : [];
      return after
        .filter((d) => !before.has(d.doctorId))
        .map((d) => ({
          centreId: change.centreId,
          changeId: change.id,
          rule: 'basic_limit' as const,
          dedupeKey: key('basic_limit', `:${d.doctorId}`),
          payload: { centreName, doctorId: d.doctorId, doctorName: d.name },
        }));
    }
    default:
      // appeared, billing, seats, pending, trials, listed: no alert of their own (see above).
      return [];
  }
}

const within = (iso: string, now: number) => {
  const at = Date.parse(iso);
  return Number.isFinite(at) && at >= now && at - now <= soonMs;
};

/** The time rules over one centre's latest state: what ends or takes effect within 7 days of `now`. */
export function alertsOfTime(centre: CentreNow, now: number): AlertDraft[] {
  if (!centre.listed) return [];
  const { state, centreId, name: centreName } = centre;
  const drafts: AlertDraft[] = state.trials
    .filter((t) => within(t.expiresAt, now))
    .map((t) => ({
      centreId,
      rule: 'trial_ending' as const,
      dedupeKey: `trial_ending:${centreId}:${t.doctorId}:${t.expiresAt}`,
      changeId: null,
      payload: { centreName, doctorId: t.doctorId, doctorName: t.name, at: t.expiresAt },
    }));
  if (state.pending && within(state.pending.effectiveAt, now))
    drafts.push({
      centreId,
      rule: 'pending_change',
      dedupeKey: `pending_change:${centreId}:${state.pending.kind}:${state.pending.effectiveAt}`,
      changeId: null,
      payload: { centreName, kind: state.pending.kind, at: state.pending.effectiveAt },
    });
  return drafts;
}

/** Every alert due after a refresh: from its changes, and from every centre's state against now. */
export function alertsDue(
  changes: readonly StoredChange[],
  centres: readonly CentreNow[],
  now: number,
): AlertDraft[] {
  const names = new Map(centres.map((c) => [c.centreId, c.name]));
  return [
    ...changes.flatMap((change) =>
      alertsOfChange(change, names.get(change.centreId) ?? String(change.centreId)),
    ),
    ...centres.flatMap((centre) => alertsOfTime(centre, now)),
  ];
}
