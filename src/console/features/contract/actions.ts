import { z } from 'zod/mini';
import type { PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';
import type { WebhookEventType } from '@/contract/schemas';
import { NO_SEATS, SEAT_PLANS, type ContractNow, type SeatPlan, type Seats } from './contract-state.ts';

// What a self-billing parent can do to a centre's contract (spec 3.2, 6; D8), the form of each
// action, what the form refuses, and the event it sends. Pure: the screens draw from these.

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
export function actionsFor(now: ContractNow): Action[] {
  switch (now.kind) {
    case 'none':
      return ['create'];
    case 'seats':
      return now.status === 'ACTIVE' ? ['change-seats', 'to-usage', 'cancel'] : ['reactivate'];
    case 'usage':
      return now.status === 'ACTIVE' ? ['change-consultations', 'to-seats', 'cancel'] : ['reactivate'];
    default:
      return [];
  }
}

export type Model = 'seats' | 'usage';

/** An action's form: the model it sends, the seat plans it asks for, and each plan's floor. */
export interface FormRules {
  /** Fixed by the action, or chosen in the form (creation). */
  models: readonly Model[];
  plans: readonly SeatPlan[];
  /** D8: seats below the licences already assigned are refused (422). */
  minimum: Seats;
}

export function rulesFor(action: Action, now: ContractNow): FormRules {
  const seatsNow = now.kind === 'seats';
  // TRIAL is kept, changed or dropped only where the contract already has it; 2.11's switch
  // quantities name BASIC and ELITE alone.
  const withTrial = seatsNow && (now.seats.TRIAL > 0 || now.used.TRIAL > 0);
  const plans: readonly SeatPlan[] = withTrial ? SEAT_PLANS : ['BASIC', 'ELITE'];
  const minimum = seatsNow ? now.used : NO_SEATS;
  switch (action) {
    case 'create':
      return { models: ['seats', 'usage'], plans: ['BASIC', 'ELITE'], minimum: NO_SEATS };
    case 'change-seats':
      return { models: ['seats'], plans, minimum };
    case 'reactivate':
      // D8: a USAGE item for a cancelled centre is refused (422): a reactivation names seats. A
      // cancelled pay-per-use centre gets them at its next renewal, like a switch.
      return { models: ['seats'], plans, minimum };
    case 'to-seats':
      // No seat licence exists before the switch: nothing to stay above.
      return { models: ['seats'], plans: ['BASIC', 'ELITE'], minimum: NO_SEATS };
    case 'to-usage':
    case 'change-consultations':
      return { models: ['usage'], plans: [], minimum: NO_SEATS };
    case 'cancel':
      return { models: [], plans: [], minimum: NO_SEATS };
  }
}

/** The form's values; a number field left empty is NaN (react-hook-form's `valueAsNumber`). */
export interface ContractForm {
  model: Model;
  BASIC?: number | undefined;
  ELITE?: number | undefined;
  TRIAL?: number | undefined;
  includedConsultations?: number | undefined;
}
export type FormField = Exclude<keyof ContractForm, 'model'>;

/** The simulator's bounds (D8 is silent on maxima); the service may hold others. */
export const MAX_SEATS = 100_000;
export const MAX_CONSULTATIONS = 10_000_000;

export type Refusal =
  | { field: FormField; rule: 'whole-number' }
  | { field: SeatPlan; rule: 'below-assigned'; assigned: number }
  | { field: SeatPlan; rule: 'too-many'; max: number }
  | { field: SeatPlan; rule: 'no-seats' }
  | { field: 'includedConsultations'; rule: 'at-least-one' | 'too-many'; max?: number };

const isWhole = (value: number | undefined): value is number =>
  value !== undefined && Number.isInteger(value) && value >= 0;

/** What the form refuses, with the reason, field by field (the service would answer 400 or 422). */
export function refusalsOf(form: ContractForm, rules: FormRules): Refusal[] {
  const refusals: Refusal[] = [];
  if (!rules.models.includes(form.model)) return refusals;
  if (form.model === 'usage') {
    const included = form.includedConsultations;
    // 2.14: pay-per-use names how many consultations it includes, at least one (the contract).
    if (!isWhole(included)) refusals.push({ field: 'includedConsultations', rule: 'whole-number' });
    else if (included < 1) refusals.push({ field: 'includedConsultations', rule: 'at-least-one' });
    else if (included > MAX_CONSULTATIONS)
      refusals.push({ field: 'includedConsultations', rule: 'too-many', max: MAX_CONSULTATIONS });
    return refusals;
  }
  for (const plan of rules.plans) {
    const value = form[plan];
    if (!isWhole(value)) refusals.push({ field: plan, rule: 'whole-number' });
    else if (value < rules.minimum[plan])
      refusals.push({ field: plan, rule: 'below-assigned', assigned: rules.minimum[plan] });
    else if (value > MAX_SEATS) refusals.push({ field: plan, rule: 'too-many', max: MAX_SEATS });
  }
  // A contract of no seat at all is an ending, which is a cancellation.
  const [first] = rules.plans;
  if (refusals.length === 0 && first && rules.plans.every((plan) => form[plan] === 0))
    refusals.push({ field: first, rule: 'no-seats' });
  return refusals;
}

// NaN (an emptied field) is let through here: refusalsOf names it, on its field.
const optionalNumber = z.optional(z.custom<number>((value) => typeof value === 'number'));

/**
 * The form's one schema (react-hook-form's resolver): each refusal becomes an issue on its field,
 * its message the refusal itself, so the screen says it in the UI language with its numbers.
 */
export function contractFormSchema(rules: FormRules) {
  return z
    .object({
      model: z.enum(['seats', 'usage']),
      BASIC: optionalNumber,
      ELITE: optionalNumber,
      TRIAL: optionalNumber,
      includedConsultations: optionalNumber,
    })
    .check(
      z.superRefine((form, context) => {
        for (const refusal of refusalsOf(form, rules))
          context.addIssue({ code: 'custom', path: [refusal.field], message: JSON.stringify(refusal) });
      }),
    );
}

/** The refusal an issue carries (contractFormSchema), read back. */
export function refusalFromMessage(message: string | undefined): Refusal | undefined {
  if (!message) return undefined;
  try {
    return JSON.parse(message) as Refusal;
  } catch {
    return undefined;
  }
}

/** The form as it opens for an action: today's contract, or a start the user completes. */
export function defaultsFor(action: Action, now: ContractNow): ContractForm {
  const seats = now.kind === 'seats' ? now.seats : NO_SEATS;
  switch (action) {
    case 'create':
      return { model: 'seats', BASIC: 0, ELITE: 0, includedConsultations: Number.NaN };
    case 'change-seats':
    case 'reactivate':
      if (now.kind === 'usage')
        return {
          model: 'seats',
          BASIC: now.scheduledSwitch?.seats.BASIC ?? 0,
          ELITE: now.scheduledSwitch?.seats.ELITE ?? 0,
        };
      return { model: 'seats', BASIC: seats.BASIC, ELITE: seats.ELITE, TRIAL: seats.TRIAL };
    case 'to-seats':
      return {
        model: 'seats',
        BASIC: now.kind === 'usage' ? (now.scheduledSwitch?.seats.BASIC ?? 0) : 0,
        ELITE: now.kind === 'usage' ? (now.scheduledSwitch?.seats.ELITE ?? 0) : 0,
      };
    case 'to-usage':
    case 'change-consultations':
      return {
        model: 'usage',
        includedConsultations: now.kind === 'usage' ? (now.includedConsultations ?? Number.NaN) : Number.NaN,
      };
    case 'cancel':
      return { model: 'seats' };
  }
}

type Items = PartnerWebhookRequest['data']['items'];

/** D8's `items`: the new full state (quantity 0 drops a plan), or the one USAGE item (2.14). */
export function itemsOf(action: Action, form: ContractForm, rules: FormRules): Items {
  if (action === 'cancel') return undefined;
  if (form.model === 'usage')
    return [{ planType: 'USAGE', includedConsultations: form.includedConsultations ?? 0 }];
  return rules.plans.map((plan) => ({ planType: plan, quantity: form[plan] ?? 0 }));
}

/** The event for one user action (D8's envelope), with a fresh id: its id for every retry. */
export function eventFor(
  action: Action,
  centreId: number,
  items: Items,
  created: Date,
  id: string,
): PartnerWebhookRequest {
  return {
    id,
    type: EVENT_TYPE[action],
    created: created.toISOString(),
    data: { providerId: centreId, ...(items ? { items } : {}) },
  };
}

/** An event id the service has never seen (D8: ids are the idempotency key). */
export const newEventId = () => `evt_${crypto.randomUUID().replaceAll('-', '')}`;
