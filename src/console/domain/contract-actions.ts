import type { Billing as WireBilling, WebhookEventType } from '@/contract/schemas';
import type { Contract } from './centre.ts';
import { NO_SEATS, NUMBERED_PLANS, SEAT_PLANS, type SeatPlan, type Seats } from './plans.ts';

// What a self-billing parent may do to a centre's contract through the partner webhook (spec 3.2,
// 4.8, 6; D3, D8): who may act at all, which actions a contract's state allows, and what the
// service would refuse in an action's quantities. Pure: the Contract tab draws from these.

/**
 * Who may act on a centre's contract (spec 4.8, §5.4; D3): a parent enabled for self-billing, on its
 * centres billed PARTNER_SELF. No call says a parent is enabled for self-billing; a child billed
 * PARTNER_SELF (2.9, 4.6's billing block) is billed by its parent, and D5 bills a child so only when
 * its parent is enabled for self-billing. The service still decides (403 otherwise, D3):
 * docs/decisions/0016.
 */
export type Availability =
  | { kind: 'available' }
  /** The centre's billing is not known yet (4.6 is loading, or failed). */
  | { kind: 'unknown' }
  | { kind: 'own-centre' }
  | { kind: 'processor' }
  | { kind: 'other-billing'; mode: string };

/** `ownCentre`: signed in as the centre itself (D3: the parent acts, not the centre). */
export function contractAvailability(ownCentre: boolean, billing: WireBilling | undefined): Availability {
  if (ownCentre) return { kind: 'own-centre' };
  if (!billing) return { kind: 'unknown' };
  if (billing.mode === 'PARTNER_SELF') return { kind: 'available' };
  if (billing.mode === 'PROCESSOR') return { kind: 'processor' };
  return { kind: 'other-billing', mode: billing.mode.unknown };
}

export const ACTIONS = [
  'create',
  'change-seats',
  'to-usage',
  'change-consultations',
  'to-seats',
  'cancel',
  'reactivate',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Spec 6: creation, cancellation, and every other change as an update (D8: the new full state). */
export const EVENT_TYPE: Record<Action, WebhookEventType> = {
  create: 'checkout.session.completed',
  'change-seats': 'customer.subscription.updated',
  'to-usage': 'customer.subscription.updated',
  'change-consultations': 'customer.subscription.updated',
  'to-seats': 'customer.subscription.updated',
  reactivate: 'customer.subscription.updated',
  cancel: 'customer.subscription.deleted',
};

/** The actions a contract's state allows (spec 3.2; D8's 422 cases are the ones left out). */
export function actionsFor(contract: Contract): Action[] {
  switch (contract.kind) {
    case 'none':
      return ['create'];
    case 'seats':
      return contract.status === 'ACTIVE' ? ['change-seats', 'to-usage', 'cancel'] : ['reactivate'];
    case 'usage':
      return contract.status === 'ACTIVE' ? ['change-consultations', 'to-seats', 'cancel'] : ['reactivate'];
    default:
      return [];
  }
}

export type Model = 'seats' | 'usage';

/** An action's quantities: the model it sends, the seat plans it asks for, and each plan's floor. */
export interface FormRules {
  /** Fixed by the action, or chosen (creation). */
  models: readonly Model[];
  plans: readonly SeatPlan[];
  /** D8: seats below the licences already assigned are refused (422). */
  minimum: Seats;
}

export function rulesFor(action: Action, contract: Contract): FormRules {
  const seatsNow = contract.kind === 'seats';
  // TRIAL is kept, changed or dropped only where the contract already has it; 2.11's switch
  // quantities name BASIC and ELITE alone.
  const withTrial = seatsNow && (contract.seats.TRIAL > 0 || contract.used.TRIAL > 0);
  const plans: readonly SeatPlan[] = withTrial ? SEAT_PLANS : NUMBERED_PLANS;
  const minimum = seatsNow ? contract.used : NO_SEATS;
  switch (action) {
    case 'create':
      return { models: ['seats', 'usage'], plans: NUMBERED_PLANS, minimum: NO_SEATS };
    case 'change-seats':
      return { models: ['seats'], plans, minimum };
    case 'reactivate':
      // D8: a USAGE item for a cancelled centre is refused (422): a reactivation names seats. A
      // cancelled pay-per-use centre gets them at its next renewal, like a switch.
      return { models: ['seats'], plans, minimum };
    case 'to-seats':
      // No seat licence exists before the switch: nothing to stay above.
      return { models: ['seats'], plans: NUMBERED_PLANS, minimum: NO_SEATS };
    case 'to-usage':
    case 'change-consultations':
      return { models: ['usage'], plans: [], minimum: NO_SEATS };
    case 'cancel':
      return { models: [], plans: [], minimum: NO_SEATS };
  }
}

/** An action's quantities as asked; a number left empty is NaN (a number field's empty value). */
export interface Quantities {
  model: Model;
  BASIC?: number | undefined;
  ELITE?: number | undefined;
  TRIAL?: number | undefined;
  includedConsultations?: number | undefined;
}
export type QuantityField = Exclude<keyof Quantities, 'model'>;

/** The simulator's bounds (D8 is silent on maxima); the service may hold others. */
export const MAX_SEATS = 100_000;
export const MAX_CONSULTATIONS = 10_000_000;

/** Why a quantity would be refused: `rule`, on `field` (its numbers are the rules' own). */
export type Refusal =
  | { field: QuantityField; rule: 'whole-number' }
  | { field: SeatPlan; rule: 'below-assigned'; assigned: number }
  | { field: SeatPlan; rule: 'too-many'; max: number }
  | { field: SeatPlan; rule: 'no-seats' }
  | { field: 'includedConsultations'; rule: 'at-least-one' }
  | { field: 'includedConsultations'; rule: 'too-many'; max: number };
export type RefusalRule = Refusal['rule'];

const isWhole = (value: number | undefined): value is number =>
  value !== undefined && Number.isInteger(value) && value >= 0;

/** What the service would refuse (400 or 422), field by field, with the reason. */
export function refusalsOf(asked: Quantities, rules: FormRules): Refusal[] {
  const refusals: Refusal[] = [];
  if (!rules.models.includes(asked.model)) return refusals;
  if (asked.model === 'usage') {
    const included = asked.includedConsultations;
    // 2.14: pay-per-use names how many consultations it includes, at least one (the contract).
    if (!isWhole(included)) refusals.push({ field: 'includedConsultations', rule: 'whole-number' });
    else if (included < 1) refusals.push({ field: 'includedConsultations', rule: 'at-least-one' });
    else if (included > MAX_CONSULTATIONS)
      refusals.push({ field: 'includedConsultations', rule: 'too-many', max: MAX_CONSULTATIONS });
    return refusals;
  }
  for (const plan of rules.plans) {
    const value = asked[plan];
    if (!isWhole(value)) refusals.push({ field: plan, rule: 'whole-number' });
    else if (value < rules.minimum[plan])
      refusals.push({ field: plan, rule: 'below-assigned', assigned: rules.minimum[plan] });
    else if (value > MAX_SEATS) refusals.push({ field: plan, rule: 'too-many', max: MAX_SEATS });
  }
  // A contract of no seat at all is an ending, which is a cancellation.
  const [first] = rules.plans;
  if (refusals.length === 0 && first && rules.plans.every((plan) => asked[plan] === 0))
    refusals.push({ field: first, rule: 'no-seats' });
  return refusals;
}
