import { z } from 'zod/mini';
import type { Contract } from '@/console/domain/centre';
import {
  EVENT_TYPE,
  refusalsOf,
  type Action,
  type FormRules,
  type Quantities,
  type QuantityField,
} from '@/console/domain/contract-actions';
import { NO_SEATS } from '@/console/domain/plans';
import type { PartnerWebhookRequest } from '@/contract/operations/send-partner-webhook';

// An action's form on the Contract tab (its schema, how it opens) and the event it sends (D8). What
// the service allows and refuses is the domain's (domain/contract-actions.ts).

/** The form's values: an action's quantities (a number field left empty is NaN). */
export type ContractForm = Quantities;
export type FormField = QuantityField;

// NaN (an emptied field) is let through here: refusalsOf names it, on its field.
const optionalNumber = z.optional(z.custom<number>((value) => typeof value === 'number'));

/**
 * The form's one schema: each of the domain's refusals becomes an issue on its field, named by its
 * rule. The words (and their numbers) come from the refusal itself, which the form reads from the
 * same function (refusalsOf), so that nothing travels through an issue's message.
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
          context.addIssue({ code: 'custom', path: [refusal.field], message: refusal.rule });
      }),
    );
}

/** The form as it opens for an action: today's contract, or a start the user completes. */
export function defaultsFor(action: Action, now: Contract): ContractForm {
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
