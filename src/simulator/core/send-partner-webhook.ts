// 4.8 with D8: the partner webhook's Stripe-like events create, update and cancel a centre's
// contract. Permission per D3, 409 per spec 4.8, 422 when an event does not fit the state.
import { z } from 'zod';
import { callerProvider, isParent, type Caller } from './access.ts';
import { PLAN_ID, SEAT_TYPES, usedOf } from './licences.ts';
import { nonBlank, parseBody } from './parse.ts';
import { getProvider } from './providers.ts';
import { isIsoUtc, toSpaced } from './time.ts';
import {
  fail,
  ok,
  type Contract,
  type Outcome,
  type Provider,
  type SeatType,
  type SimState,
} from './types.ts';

const seatItem = z.object({
  planType: z.enum(['BASIC', 'ELITE', 'TRIAL']),
  quantity: z.number().int().min(0).max(100_000),
});
const usageItem = z.object({
  planType: z.literal('USAGE'),
  includedConsultations: z.number().int().min(0).max(10_000_000),
});
const itemsSchema = z
  .array(z.union([usageItem, seatItem]))
  .min(1)
  .max(3)
  .refine(
    (items) => !items.some((i) => i.planType === 'USAGE') || items.length === 1,
    'a pay-per-use contract holds exactly one USAGE item',
  )
  .refine(
    (items) => new Set(items.map((i) => i.planType)).size === items.length,
    'plan types must not repeat',
  );
const providerIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** D8's envelope around each event type's `data`. */
const eventOf = <const T extends string, D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({
    id: nonBlank(255),
    type: z.literal(type),
    created: z.string().refine(isIsoUtc, 'must be an ISO 8601 UTC date-time'),
    data: z.object(data),
  });
const eventSchema = z.discriminatedUnion('type', [
  eventOf('checkout.session.completed', { providerId: providerIdSchema, items: itemsSchema }),
  eventOf('customer.subscription.updated', { providerId: providerIdSchema, items: itemsSchema }),
  eventOf('customer.subscription.deleted', { providerId: providerIdSchema }),
]);
type Items = z.infer<typeof itemsSchema>;

export function sendPartnerWebhook(state: SimState, caller: Caller, body: unknown) {
  const parsed = parseBody(eventSchema, body);
  if (!parsed.ok) return parsed;
  const event = parsed.value;
  const parent = callerProvider(state, caller);
  // D3: a parent enabled for self-billing; a target that is its child; billed PARTNER_SELF (409, spec 4.8).
  if (!isParent(parent) || !parent.selfBilling)
    return fail(403, 'The partner webhook is for self-billing parents only');
  const centre = getProvider(state, event.data.providerId);
  if (!centre) return fail(404, `Provider ${event.data.providerId} does not exist`);
  if (centre.parentId !== parent.id)
    return fail(403, `Provider ${centre.id} is not a child of provider ${parent.id}`);
  if (centre.billingMode !== 'PARTNER_SELF')
    return fail(409, `Provider ${centre.id} is not billed by its parent (PARTNER_SELF)`);
  const key = `e:${event.id}`;
  // D8: a repeated event id answers 200, applied:false, and changes nothing, with the status of the
  // contract it applied to. The same id sent for another centre was never applied there: 409 (a
  // status spec §7 allows), naming no other centre.
  if (Object.hasOwn(state.appliedEvents, key)) {
    const contract = state.appliedEvents[key] === centre.id ? centre.contract : undefined;
    if (!contract) return fail(409, `Event ${event.id} was already used for another centre`);
    return ok({ eventId: event.id, applied: false, status: contract.status });
  }
  const contract = centre.contract;
  if (event.type === 'customer.subscription.deleted') {
    if (!contract) return fail(422, 'The centre has no contract to cancel');
    if (contract.status === 'INACTIVE') return fail(422, 'The contract is already cancelled');
    contract.status = 'INACTIVE';
  } else if (event.type === 'checkout.session.completed') {
    if (contract?.status === 'ACTIVE') return fail(422, 'The centre already has an active contract');
    const next = applyItems(centre, contract, event.data.items, true);
    if (!next.ok) return next;
  } else {
    if (!contract) return fail(422, 'The centre has no contract to update');
    const next = applyItems(centre, contract, event.data.items, false);
    if (!next.ok) return next;
  }
  state.appliedEvents[key] = centre.id;
  return ok({ eventId: event.id, applied: true, status: (centre.contract as Contract).status });
}

/** Checks everything first, then writes (a failed event changes nothing). */
function applyItems(
  centre: Provider,
  current: Contract | null,
  items: Items,
  creating: boolean,
): Outcome<true> {
  const usage = items.find((i) => i.planType === 'USAGE');
  const cancelled = current?.status === 'INACTIVE';
  if (usage) {
    // D8: a USAGE item for a cancelled centre → 422 (spec §7).
    if (cancelled) return fail(422, 'A cancelled centre cannot move to pay-per-use');
    const includedConsultations = 'includedConsultations' in usage ? usage.includedConsultations : 0;
    if (current && current.model === 'USAGE') {
      current.includedConsultations = includedConsultations;
      current.scheduledSwitch = null; // the new full state is pay-per-use: no pending switch
      return ok(true);
    }
    // Seats → pay-per-use: the seat licences go; doctors get a USAGE licence on first use (D4).
    centre.licenses = centre.licenses.filter((l) => l.type === 'USAGE');
    centre.contract = {
      status: 'ACTIVE',
      model: 'USAGE',
      seats: {},
      includedConsultations,
      scheduledSwitch: null,
      scheduledDowngrade: null,
    };
    return ok(true);
  }
  const seats: Partial<Record<SeatType, number>> = {};
  for (const item of items)
    if (item.planType !== 'USAGE' && 'quantity' in item && item.quantity > 0)
      seats[item.planType] = item.quantity;
  if (current && current.model === 'USAGE' && !creating) {
    // D8: a pay-per-use centre moving to seats gets a scheduledSwitch at its next renewal.
    const quantity: Record<string, number> = {};
    for (const t of ['BASIC', 'ELITE'] as const) if (seats[t]) quantity[PLAN_ID[t]] = seats[t];
    current.scheduledSwitch = { quantity, effectiveDate: toSpaced(Date.parse(centre.renewsAt)) };
    current.status = 'ACTIVE'; // D8: updating an INACTIVE contract reactivates it
    return ok(true);
  }
  // D8: seats below the licences already assigned → 422.
  for (const t of SEAT_TYPES) {
    const used = usedOf(centre, t);
    if ((seats[t] ?? 0) < used)
      return fail(422, `${t} seats (${seats[t] ?? 0}) below the ${used} licences assigned`);
  }
  if (current && current.model === 'USAGE')
    centre.licenses = centre.licenses.filter((l) => l.type !== 'USAGE');
  centre.contract = {
    status: 'ACTIVE',
    model: 'SEATS',
    seats,
    includedConsultations: null,
    scheduledSwitch: null,
    scheduledDowngrade: current?.scheduledDowngrade ?? null,
  };
  return ok(true);
}
