import { licencesInUse, type Contract } from '@/console/domain/centre';
import { EVENT_TYPE, refusalsOf, rulesFor, type Action, type Model } from '@/console/domain/contract-actions';
import type { SeatPlan } from '@/console/domain/plans';
import type { WebhookEventType } from '@/contract/schemas';
import type { ContractForm } from './actions.ts';

// What an action will leave behind, before it is sent: the resulting state in numbers, and when it
// takes effect. One pure function of the current contract and the form; the screen puts it into
// words ("BASIC 10 → 12, ELITE unchanged, takes effect now").

export type Note =
  /** Spec 3.2: a cancellation turns every licence off… */
  | { kind: 'licences-off'; count: number }
  /** …keeps the data… */
  | { kind: 'data-kept' }
  /** …and can be undone by an update (D8). */
  | { kind: 'reactivation-possible' }
  /** A reactivation turns them on again. */
  | { kind: 'licences-on' }
  /** Seats → pay-per-use: the seat licences go; doctors get a usage licence on first use (2.10). */
  | { kind: 'seat-licences-end'; count: number }
  /** D8: a pay-per-use update is the new full state, so a pending switch to seats is dropped. */
  | { kind: 'switch-dropped'; on: Date }
  /** Until the renewal the centre stays pay-per-use. */
  | { kind: 'usage-until-renewal' };

export interface SeatChange {
  plan: SeatPlan;
  /** Seats before; 0 when the plan is new. */
  from: number;
  to: number;
}

export interface Preview {
  type: WebhookEventType;
  /** The contract's state right after the event: a status change always takes effect at once. */
  status: { from: 'none' | 'ACTIVE' | 'INACTIVE'; to: 'ACTIVE' | 'INACTIVE' };
  /** The model the centre will be on once everything has taken effect. */
  model: { from: Model | 'none'; to: Model };
  /** The seat plans after the change (empty for pay-per-use and for a cancellation). */
  seats: SeatChange[];
  consultations: { from: number | null; to: number } | null;
  /**
   * When the model and quantities change: at once, or at the next renewal (D8: pay-per-use to seats;
   * the date when known, spec 2.11).
   */
  when: { kind: 'now' } | { kind: 'renewal'; on: Date | null };
  notes: Note[];
}

/** The preview of `action` with `form`; undefined while the form has a refusal. */
export function previewOf(now: Contract, action: Action, form: ContractForm): Preview | undefined {
  if (now.kind === 'processor' || now.kind === 'unknown-status') return undefined;
  const rules = rulesFor(action, now);
  if (action !== 'cancel' && refusalsOf(form, rules).length > 0) return undefined;
  const status = now.kind === 'none' ? 'none' : now.status;
  const modelNow: Model | 'none' = now.kind === 'none' ? 'none' : now.kind;
  const seatsBefore = (plan: SeatPlan) => (now.kind === 'seats' ? now.seats[plan] : 0);
  const seats = (): SeatChange[] =>
    rules.plans.map((plan) => ({ plan, from: seatsBefore(plan), to: form[plan] ?? 0 }));
  const consultationsBefore = now.kind === 'usage' ? now.includedConsultations : null;
  const base = {
    type: EVENT_TYPE[action],
    model: { from: modelNow, to: modelNow === 'none' ? form.model : modelNow },
  };

  if (action === 'cancel')
    return {
      ...base,
      status: { from: status, to: 'INACTIVE' },
      seats: [],
      consultations: null,
      when: { kind: 'now' },
      notes: [
        { kind: 'licences-off', count: licencesInUse(now) },
        { kind: 'data-kept' },
        { kind: 'reactivation-possible' },
      ],
    };

  if (form.model === 'usage') {
    const notes: Note[] = [];
    if (now.kind === 'seats') notes.push({ kind: 'seat-licences-end', count: licencesInUse(now) });
    if (now.kind === 'usage' && now.scheduledSwitch)
      notes.push({ kind: 'switch-dropped', on: now.scheduledSwitch.on });
    return {
      ...base,
      status: { from: status, to: 'ACTIVE' },
      model: { from: modelNow, to: 'usage' },
      seats: [],
      consultations: { from: consultationsBefore, to: form.includedConsultations ?? 0 },
      when: { kind: 'now' },
      notes,
    };
  }

  // Seats. From pay-per-use (a switch, or reactivating a cancelled pay-per-use centre) they come at
  // the next renewal (D8: a scheduledSwitch); otherwise at once.
  const scheduled = now.kind === 'usage';
  const notes: Note[] = [];
  if (status === 'INACTIVE') notes.push({ kind: 'licences-on' });
  if (scheduled) notes.push({ kind: 'usage-until-renewal' });
  return {
    ...base,
    status: { from: status, to: 'ACTIVE' },
    model: { from: modelNow, to: 'seats' },
    seats: seats(),
    consultations: null,
    when: scheduled ? { kind: 'renewal', on: now.renewsOn } : { kind: 'now' },
    notes,
  };
}
