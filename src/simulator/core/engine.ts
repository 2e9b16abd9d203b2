// The rules of spec §3–§8 and D1–D11 as plain operations on the state. No HTTP here: each
// operation takes already-extracted strings or JSON values and answers an Outcome whose error
// carries the spec §7 status. A failing operation never changes the state: every check runs
// before the first write.
import { z } from 'zod';
import { nonBlank, parseBody, parseId, parseIntParam } from './parse.ts';
import { Rng } from './random.ts';
import { addMonth, DAY_MS, isIsoUtc, parseTime, toIso, toSpaced } from './time.ts';
import {
  fail,
  ok,
  type Contract,
  type Doctor,
  type Fault,
  type License,
  type LicenseType,
  type Outcome,
  type Provider,
  type SeatType,
  type SimState,
} from './types.ts';

export const LICENSE_TYPES: readonly LicenseType[] = ['BASIC', 'ELITE', 'TRIAL', 'USAGE'];
const SEAT_TYPES: readonly SeatType[] = ['BASIC', 'ELITE', 'TRIAL'];
/** Spec §8: monthly reports of a BASIC licence. */
export const BASIC_LIMIT = 100;
/** 2.11: plan identifiers in `quantity`. */
const PLAN_ID: Record<'BASIC' | 'ELITE', string> = { BASIC: '8', ELITE: '9' };
const TRIAL_DAYS = 30;
const LANGS = ['ES', 'EN', 'CA', 'FR', 'DE', 'IT', 'PT'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_DOCTORS_PER_REQUEST = 100;

export type Caller = { providerId: number };

// ---------------------------------------------------------------- reading helpers

export function nowMs(state: SimState): number {
  return Date.parse(state.now);
}

export function getProvider(state: SimState, id: number): Provider | undefined {
  return Object.hasOwn(state.providers, String(id)) ? state.providers[String(id)] : undefined;
}

/** 2.7: a licence is disabled by its BASIC limit, a suspension, a cancelled contract or (D10) an expired TRIAL. */
export function isEnabled(state: SimState, provider: Provider, license: License): boolean {
  if (provider.suspended) return false;
  if (provider.contract?.status === 'INACTIVE') return false;
  if (license.type === 'BASIC' && license.currentUsage >= BASIC_LIMIT) return false;
  if (license.type === 'TRIAL' && nowMs(state) >= Date.parse(license.expiresAt)) return false;
  return true;
}

const limitOf = (type: LicenseType) => (type === 'BASIC' ? BASIC_LIMIT : null);

function licenseOfDoctor(provider: Provider, doctorId: string): License | undefined {
  return provider.licenses.find((l) => l.userId === doctorId);
}

function licenseView(state: SimState, provider: Provider, license: License) {
  return {
    type: license.type,
    isEnabled: isEnabled(state, provider, license),
    currentUsage: license.currentUsage,
    limit: limitOf(license.type),
    expiresAt: license.expiresAt,
  };
}

function licenseDetail(state: SimState, provider: Provider, license: License) {
  const doctor = provider.doctors.find((d) => d.doctorId === license.userId);
  return {
    id: license.id,
    type: license.type,
    limit: limitOf(license.type),
    currentUsage: license.currentUsage,
    isEnabled: isEnabled(state, provider, license),
    createdAt: license.createdAt,
    updatedAt: license.updatedAt,
    lastUsedAt: license.lastUsedAt,
    expiresAt: license.expiresAt,
    userId: license.userId,
    name: doctor?.name ?? '',
    lastname: doctor?.lastname ?? '',
  };
}

function suspensionBlock(provider: Provider) {
  return provider.suspended ? { suspended: true, reason: 'payment_failed' as const } : { suspended: false };
}

/** 2.8: the block exists only for PROCESSOR providers. */
function withSuspension<T extends object>(provider: Provider, body: T): T & { suspension?: unknown } {
  return provider.billingMode === 'PROCESSOR' ? { ...body, suspension: suspensionBlock(provider) } : body;
}

function usedOf(provider: Provider, type: LicenseType): number {
  let n = 0;
  for (const l of provider.licenses) if (l.type === type) n += 1;
  return n;
}

/** Accent- and case-insensitive folding for search (D6). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// ---------------------------------------------------------------- permission (D3)

function isParent(provider: Provider): boolean {
  return provider.parentId === null;
}

/** D3: the caller acts on itself and its direct children; 404 for an unknown id, 403 outside the set. */
function actOn(state: SimState, caller: Caller, id: number): Outcome<Provider> {
  const target = getProvider(state, id);
  if (!target) return fail(404, `Provider ${id} does not exist`);
  if (target.id !== caller.providerId && target.parentId !== caller.providerId)
    return fail(403, `Provider ${caller.providerId} may not act on provider ${id}`);
  return ok(target);
}

function callerProvider(state: SimState, caller: Caller): Provider {
  const p = getProvider(state, caller.providerId);
  if (!p) throw new Error(`token of a provider that does not exist: ${caller.providerId}`);
  return p;
}

// ---------------------------------------------------------------- D1 token

export function authenticate(state: SimState, authorization: string | null): Outcome<Caller> {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(authorization ?? '');
  if (!match?.[1]) return fail(401, 'Missing or malformed bearer token');
  const key = `t:${match[1]}`;
  const token = Object.hasOwn(state.tokens, key) ? state.tokens[key] : undefined;
  if (!token) return fail(401, 'Unknown token');
  if (nowMs(state) >= Date.parse(token.expiresAt)) return fail(401, 'Token expired');
  if (!getProvider(state, token.providerId)) return fail(401, 'Unknown token');
  return ok({ providerId: token.providerId });
}

const oauth = (
  status: number,
  error: 'invalid_request' | 'unsupported_grant_type' | 'invalid_client',
): Outcome<never> => ({
  ok: false,
  error: { status, message: error, oauth: error },
});

/** 4.1 with D1: `form` is the decoded form body, or null when the body was not a form. */
export function requestToken(
  state: SimState,
  form: URLSearchParams | null,
  randomToken: () => string,
): Outcome<{ access_token: string; token_type: 'Bearer'; expires_in: number }> {
  if (!form) return oauth(400, 'invalid_request');
  const single = (k: string) => (form.getAll(k).length === 1 ? form.get(k) : null);
  const grant = single('grant_type');
  const clientId = single('client_id');
  const secret = single('client_secret');
  if (grant === null || clientId === null || secret === null || !clientId || !secret)
    return oauth(400, 'invalid_request');
  if (grant !== 'client_credentials') return oauth(400, 'unsupported_grant_type');
  const provider = Object.values(state.providers).find((p) => p.clientId === clientId);
  if (!provider || provider.secret !== secret) return oauth(401, 'invalid_client');
  const token = randomToken();
  state.tokens[`t:${token}`] = {
    providerId: provider.id,
    expiresAt: toIso(nowMs(state) + state.tokenLifetimeSeconds * 1000),
  };
  return ok({ access_token: token, token_type: 'Bearer', expires_in: state.tokenLifetimeSeconds });
}

// ---------------------------------------------------------------- 4.2 doctors (D4)

const doctorSchema = z.object({
  name: nonBlank(100),
  lastname: nonBlank(100),
  email: z.string().regex(EMAIL, 'must be a valid e-mail address').max(254).optional(),
  doctorId: nonBlank(100),
  healthProviderId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  doctorSpeciality: z.number().int().positive().max(2_147_483_647),
  lang: z.enum(LANGS, { error: `must be one of ${LANGS.join(' ')}` }),
  doctorDictionary: z.string().max(2000).optional(),
});
const registerSchema = z.object({
  doctors: z.array(doctorSchema).min(1, 'must hold at least one doctor').max(MAX_DOCTORS_PER_REQUEST),
});

export function registerDoctors(state: SimState, caller: Caller, body: unknown) {
  const parsed = parseBody(registerSchema, body);
  if (!parsed.ok) return parsed;
  const { doctors } = parsed.value;
  const targets: Provider[] = [];
  for (const d of doctors) {
    const target = actOn(state, caller, d.healthProviderId);
    if (!target.ok) return target;
    targets.push(target.value);
  }
  const ids: string[] = [];
  doctors.forEach((d, i) => {
    const provider = targets[i] as Provider;
    const existing = provider.doctors.find((x) => x.doctorId === d.doctorId);
    // D4: re-registering the same external doctorId is idempotent: same service id, fields updated.
    const doctor: Doctor = {
      serviceId: existing?.serviceId ?? `svc-${state.nextIds.doctor++}`,
      doctorId: d.doctorId,
      name: d.name,
      lastname: d.lastname,
      doctorSpeciality: d.doctorSpeciality,
      lang: d.lang,
      ...(d.email === undefined ? {} : { email: d.email }),
      ...(d.doctorDictionary === undefined ? {} : { doctorDictionary: d.doctorDictionary }),
    };
    if (existing) provider.doctors[provider.doctors.indexOf(existing)] = doctor;
    else provider.doctors.push(doctor);
    ids.push(doctor.serviceId);
  });
  const first = ids[0] as string;
  return ok(
    ids.length === 1
      ? { success: true, message: 'Doctor registered', doctorId: first }
      : { success: true, message: `${ids.length} doctors registered`, doctorId: first, doctorIds: ids },
  );
}

// ---------------------------------------------------------------- 4.3 / 4.4 / 4.5 children (D5)

const childSchema = z.object({ name: nonBlank(200), country: nonBlank(200), city: nonBlank(200) });

function newProvider(
  state: SimState,
  input: {
    name: string;
    country: string;
    city: string;
    parentId: number | null;
    billingMode: Provider['billingMode'];
    selfBilling: boolean;
  },
  managedBy: string | null,
): Provider {
  const rng = new Rng(state.rng);
  const id = state.nextIds.provider++;
  const provider: Provider = {
    id,
    name: input.name,
    country: input.country,
    city: input.city,
    parentId: input.parentId,
    clientId: `client-${id}-${rng.hex(8)}`,
    secret: rng.hex(32),
    selfBilling: input.selfBilling,
    billingMode: input.billingMode,
    managedBy,
    suspended: false,
    contract: null,
    renewsAt: toIso(addMonth(nowMs(state))),
    childIds: [],
    doctors: [],
    licenses: [],
    templates: [],
  };
  state.rng = rng.seed;
  state.providers[String(id)] = provider;
  if (input.parentId !== null) getProvider(state, input.parentId)?.childIds.push(id);
  return provider;
}

export function createChildProvider(state: SimState, caller: Caller, body: unknown) {
  const parsed = parseBody(childSchema, body);
  if (!parsed.ok) return parsed;
  const parent = callerProvider(state, caller);
  if (!isParent(parent)) return fail(403, 'Only a parent provider may create child providers');
  // D5: a child of a self-billing parent is PARTNER_SELF, managed by the parent, with no contract.
  const child = newProvider(
    state,
    {
      ...parsed.value,
      parentId: parent.id,
      billingMode: parent.selfBilling ? 'PARTNER_SELF' : 'PROCESSOR',
      selfBilling: false,
    },
    parent.selfBilling ? parent.name : null,
  );
  return ok({ providerId: child.id, clientId: child.clientId, secret: child.secret });
}

export function getChildCredentials(state: SimState, caller: Caller, rawId: string) {
  const id = parseId('childProviderId', rawId);
  if (!id.ok) return id;
  const parent = callerProvider(state, caller);
  if (!isParent(parent)) return fail(403, 'Only a parent provider may read child credentials');
  const child = getProvider(state, id.value);
  if (!child) return fail(404, `Provider ${id.value} does not exist`);
  if (child.parentId !== parent.id)
    return fail(403, `Provider ${id.value} is not a child of provider ${parent.id}`);
  return ok({ clientId: child.clientId, secret: child.secret });
}

export function listChildProviders(
  state: SimState,
  caller: Caller,
  input: { providerId: string; limit?: string; offset?: string },
) {
  const id = parseId('providerId', input.providerId);
  if (!id.ok) return id;
  const limit = parseIntParam('limit', input.limit, { min: 1 });
  if (!limit.ok) return limit;
  const offset = parseIntParam('offset', input.offset, { min: 0, fallback: 0 });
  if (!offset.ok) return offset;
  const target = getProvider(state, id.value);
  if (!target) return fail(404, `Provider ${id.value} does not exist`);
  // D3: the child list's providerId must be the caller's own, and the caller a parent.
  if (target.id !== caller.providerId) return fail(403, 'The child list is only for the caller itself');
  if (!isParent(target)) return fail(403, 'A child provider has no children to list');
  const total = target.childIds.length;
  const off = offset.value ?? 0;
  // 2.5 / §8 / D5: without limit everything is returned and meta.limit equals total.
  const lim = limit.value ?? total;
  const data = target.childIds.slice(off, off + lim).map((cid) => {
    const c = getProvider(state, cid) as Provider;
    return { id: c.id, name: c.name, country: c.country, city: c.city };
  });
  return ok({ data, meta: { total, offset: off, limit: lim } });
}

// ---------------------------------------------------------------- 4.6 doctors with licences (D6)

export function listDoctors(
  state: SimState,
  caller: Caller,
  input: { providerId: string; limit?: string; offset?: string; search?: string },
) {
  const id = parseId('providerId', input.providerId);
  if (!id.ok) return id;
  const limit = parseIntParam('limit', input.limit, { min: 1, max: 100, fallback: 10 });
  if (!limit.ok) return limit;
  const offset = parseIntParam('offset', input.offset, { min: 0, fallback: 0 });
  if (!offset.ok) return offset;
  if (input.search !== undefined && input.search.length > 100)
    return fail(400, 'search must be at most 100 characters', [
      { field: 'search', message: 'must be at most 100 characters' },
    ]);
  const target = actOn(state, caller, id.value);
  if (!target.ok) return target;
  const provider = target.value;
  const term = fold(input.search?.trim() ?? '');
  const matching = term
    ? provider.doctors.filter((d) => fold(d.name).includes(term) || fold(d.lastname).includes(term))
    : provider.doctors.slice();
  // D6: order by lastname, name, id.
  matching.sort(
    (a, b) => compare(a.lastname, b.lastname) || compare(a.name, b.name) || compare(a.doctorId, b.doctorId),
  );
  const lim = limit.value ?? 10;
  const off = offset.value ?? 0;
  const doctors = matching.slice(off, off + lim).map((d) => {
    const license = licenseOfDoctor(provider, d.doctorId);
    return {
      id: d.doctorId,
      name: d.name,
      lastname: d.lastname,
      license: license ? licenseView(state, provider, license) : null,
    };
  });
  return ok(
    withSuspension(provider, {
      doctors,
      billing: { mode: provider.billingMode, managedBy: provider.managedBy },
      meta: { total: matching.length, offset: off, limit: lim },
    }),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------- 4.7 licences (D7)

export function getLicenses(
  state: SimState,
  caller: Caller,
  input: { providerId: string; userId?: string; type?: string },
): Outcome<object> {
  const id = parseId('providerId', input.providerId);
  if (!id.ok) return id;
  if (input.type !== undefined && !(LICENSE_TYPES as readonly string[]).includes(input.type))
    return fail(400, `type must be one of ${LICENSE_TYPES.join(', ')}`, [
      { field: 'type', message: `must be one of ${LICENSE_TYPES.join(', ')}` },
    ]);
  if (input.userId !== undefined && (input.userId.length === 0 || input.userId.length > 100))
    return fail(400, 'userId must be 1 to 100 characters', [
      { field: 'userId', message: 'must be 1 to 100 characters' },
    ]);
  const target = actOn(state, caller, id.value);
  if (!target.ok) return target;
  const provider = target.value;
  const type = input.type as LicenseType | undefined;
  // Shape 4 (and D7 for `type`): licence detail rather than the summary.
  if (input.userId !== undefined || type !== undefined) {
    if (input.userId !== undefined && !provider.doctors.some((d) => d.doctorId === input.userId))
      return fail(404, `User ${input.userId} does not exist in provider ${provider.id}`);
    const licenses = provider.licenses
      .filter(
        (l) =>
          (input.userId === undefined || l.userId === input.userId) &&
          (type === undefined || l.type === type),
      )
      .map((l) => licenseDetail(state, provider, l));
    return ok(withSuspension(provider, { licenses }));
  }
  const contract = provider.contract;
  if (provider.billingMode === 'PARTNER_SELF') {
    if (!contract) return fail(404, `Provider ${provider.id} has no contract yet`);
    if (contract.model === 'USAGE') {
      // Shape 3: a single USAGE row; D7: pay-per-use only exists under PARTNER_SELF, so status too.
      return ok({
        contractModel: 'USAGE' as const,
        summary: [{ type: 'USAGE', total: null, used: usedOf(provider, 'USAGE'), available: null }],
        scheduledSwitch: contract.scheduledSwitch,
        status: contract.status,
      });
    }
    return ok({ summary: seatSummary(provider), status: contract.status });
  }
  // Shape 1.
  return ok({
    summary: seatSummary(provider),
    scheduledDowngrade: contract?.scheduledDowngrade ?? null,
    suspension: suspensionBlock(provider),
  });
}

/** 2.10: only plans that have licences; a plan at quantity 0 no longer appears. */
function seatSummary(provider: Provider) {
  const seats = provider.contract?.model === 'SEATS' ? provider.contract.seats : {};
  return SEAT_TYPES.filter((t) => (seats[t] ?? 0) > 0 || usedOf(provider, t) > 0).map((type) => {
    const total = seats[type] ?? 0;
    const used = usedOf(provider, type);
    return { type, total, used, available: Math.max(0, total - used) };
  });
}

// ---------------------------------------------------------------- 4.8 partner webhook (D8)

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

export function partnerWebhook(state: SimState, caller: Caller, body: unknown) {
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
  // D8: a repeated event id answers 200, applied:false, and changes nothing.
  if (Object.hasOwn(state.appliedEvents, key))
    return ok({ eventId: event.id, applied: false, status: centre.contract?.status ?? null });
  const contract = centre.contract;
  if (event.type === 'customer.subscription.deleted') {
    if (!contract) return fail(422, 'The centre has no contract to cancel');
    if (contract.status === 'INACTIVE') return fail(422, 'The contract is already cancelled');
    contract.status = 'INACTIVE';
  } else if (event.type === 'checkout.session.completed') {
    if (contract?.status === 'ACTIVE') return fail(422, 'The centre already has an active contract');
    const next = applyItems(state, centre, contract, event.data.items, true);
    if (!next.ok) return next;
  } else {
    if (!contract) return fail(422, 'The centre has no contract to update');
    const next = applyItems(state, centre, contract, event.data.items, false);
    if (!next.ok) return next;
  }
  state.appliedEvents[key] = nowMs(state);
  return ok({ eventId: event.id, applied: true, status: (centre.contract as Contract).status });
}

/** Checks everything first, then writes (a failed event changes nothing). */
function applyItems(
  state: SimState,
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
  void state;
  return ok(true);
}

// ---------------------------------------------------------------- 4.9 templates (D9)

export function listTemplates(
  state: SimState,
  caller: Caller,
  input: { providerId?: string; userId?: string; excludeProvider?: string; limit?: string; offset?: string },
) {
  if (input.providerId === undefined)
    return fail(400, 'providerId is required', [{ field: 'providerId', message: 'is required' }]);
  const id = parseId('providerId', input.providerId);
  if (!id.ok) return id;
  const limit = parseIntParam('limit', input.limit, { min: 1, max: 100, fallback: 10 });
  if (!limit.ok) return limit;
  const offset = parseIntParam('offset', input.offset, { min: 0, fallback: 0 });
  if (!offset.ok) return offset;
  if (
    input.excludeProvider !== undefined &&
    input.excludeProvider !== 'true' &&
    input.excludeProvider !== 'false'
  )
    return fail(400, 'excludeProvider must be true or false', [
      { field: 'excludeProvider', message: 'must be true or false' },
    ]);
  const exclude = input.excludeProvider === 'true';
  // D9: excludeProvider=true without userId → 400.
  if (exclude && input.userId === undefined)
    return fail(400, 'excludeProvider=true needs a userId', [
      { field: 'excludeProvider', message: 'needs a userId' },
    ]);
  if (input.userId !== undefined && (input.userId.length === 0 || input.userId.length > 100))
    return fail(400, 'userId must be 1 to 100 characters', [
      { field: 'userId', message: 'must be 1 to 100 characters' },
    ]);
  const target = actOn(state, caller, id.value);
  if (!target.ok) return target;
  const provider = target.value;
  if (input.userId !== undefined && !provider.doctors.some((d) => d.doctorId === input.userId))
    return fail(404, `User ${input.userId} does not exist in provider ${provider.id}`);
  const all = provider.templates.filter((t) =>
    t.ownerType === 'USER' ? input.userId !== undefined && t.userId === input.userId : !exclude,
  );
  all.sort((a, b) => a.id - b.id);
  const off = offset.value ?? 0;
  const lim = limit.value ?? 10;
  const data = all.slice(off, off + lim).map((t) => {
    const item: Record<string, unknown> = {
      id: t.id,
      name: t.name,
      description: t.description,
      type: t.type,
      specialityId: t.specialityId,
      isValidated: t.isValidated,
      ownerType: t.ownerType,
      providerId: String(provider.id),
    };
    // 2.13: userId only when ownerType is USER.
    if (t.ownerType === 'USER') item.userId = t.userId;
    return item;
  });
  return ok({ data, meta: { total: all.length, offset: off, limit: lim } });
}

// ---------------------------------------------------------------- D10 clock

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
    const c = provider.contract;
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
    void c;
  }
  state.now = toIso(target);
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

/** Keeps used ≤ total after a downgrade: the most recently created licences go first. */
function dropExcess(provider: Provider, type: SeatType, total: number): void {
  let excess = usedOf(provider, type) - total;
  for (let i = provider.licenses.length - 1; i >= 0 && excess > 0; i -= 1) {
    if (provider.licenses[i]?.type === type) {
      provider.licenses.splice(i, 1);
      excess -= 1;
    }
  }
}

// ---------------------------------------------------------------- D11 control operations

const providerSchema = z.object({
  name: nonBlank(200),
  country: nonBlank(200),
  city: nonBlank(200),
  parentId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  billingMode: z.enum(['PROCESSOR', 'PARTNER_SELF']).optional(),
  selfBilling: z.boolean().optional(),
});

export function controlCreateProvider(state: SimState, body: unknown) {
  const parsed = parseBody(providerSchema, body);
  if (!parsed.ok) return parsed;
  const input = parsed.value;
  let parent: Provider | undefined;
  if (input.parentId !== undefined) {
    parent = getProvider(state, input.parentId);
    if (!parent) return fail(404, `Provider ${input.parentId} does not exist`);
    if (!isParent(parent)) return fail(422, 'A child provider cannot have children');
    if (input.selfBilling)
      return fail(400, 'Only a parent can be enabled for self-billing', [
        { field: 'selfBilling', message: 'only for parents' },
      ]);
  }
  const mode = input.billingMode ?? (parent?.selfBilling ? 'PARTNER_SELF' : 'PROCESSOR');
  if (mode === 'PARTNER_SELF' && !parent?.selfBilling)
    return fail(422, 'PARTNER_SELF needs a parent enabled for self-billing');
  const p = newProvider(
    state,
    {
      name: input.name,
      country: input.country,
      city: input.city,
      parentId: parent?.id ?? null,
      billingMode: mode,
      selfBilling: input.selfBilling ?? false,
    },
    mode === 'PARTNER_SELF' ? (parent?.name ?? null) : null,
  );
  return ok({ providerId: p.id, clientId: p.clientId, secret: p.secret });
}

function controlTarget(state: SimState, rawId: string): Outcome<Provider> {
  const id = parseId('id', rawId);
  if (!id.ok) return id;
  const p = getProvider(state, id.value);
  return p ? ok(p) : fail(404, `Provider ${id.value} does not exist`);
}

export function controlSuspension(state: SimState, rawId: string, body: unknown) {
  const parsed = parseBody(z.object({ suspended: z.boolean() }), body);
  if (!parsed.ok) return parsed;
  const target = controlTarget(state, rawId);
  if (!target.ok) return target;
  // 2.8: suspension exists only in the processor-billed flow.
  if (target.value.billingMode !== 'PROCESSOR') return fail(409, 'Only PROCESSOR providers can be suspended');
  target.value.suspended = parsed.value.suspended;
  return ok({ providerId: target.value.id, suspension: suspensionBlock(target.value) });
}

const assignSchema = z.object({ userId: nonBlank(100), type: z.enum(['BASIC', 'ELITE', 'TRIAL', 'USAGE']) });

export function controlAssignLicense(state: SimState, rawId: string, body: unknown) {
  const parsed = parseBody(assignSchema, body);
  if (!parsed.ok) return parsed;
  const target = controlTarget(state, rawId);
  if (!target.ok) return target;
  const provider = target.value;
  const { userId, type } = parsed.value;
  const check = canAssign(provider, userId, type);
  if (!check.ok) return check;
  const license = addLicense(state, provider, userId, type);
  return ok(licenseDetail(state, provider, license));
}

function canAssign(provider: Provider, userId: string, type: LicenseType): Outcome<true> {
  if (!provider.doctors.some((d) => d.doctorId === userId))
    return fail(404, `User ${userId} does not exist in provider ${provider.id}`);
  if (licenseOfDoctor(provider, userId)) return fail(422, `User ${userId} already holds a licence`);
  const c = provider.contract;
  if (!c) return fail(422, 'The centre has no contract');
  // Spec §7: a USAGE licence for a centre that is not pay-per-use or is cancelled → 422.
  if (c.status === 'INACTIVE') return fail(422, 'The centre is cancelled');
  if (type === 'USAGE') return c.model === 'USAGE' ? ok(true) : fail(422, 'The centre is not pay-per-use');
  if (c.model === 'USAGE') return fail(422, 'A pay-per-use centre has no seats');
  const total = c.seats[type] ?? 0;
  if (usedOf(provider, type) >= total) return fail(422, `No ${type} seat available`);
  return ok(true);
}

function addLicense(state: SimState, provider: Provider, userId: string, type: LicenseType): License {
  const now = nowMs(state);
  const license: License = {
    id: state.nextIds.license++,
    userId,
    type,
    currentUsage: 0,
    createdAt: toSpaced(now),
    updatedAt: toSpaced(now),
    lastUsedAt: toSpaced(now),
    expiresAt: type === 'TRIAL' ? toIso(now + TRIAL_DAYS * DAY_MS) : provider.renewsAt,
  };
  provider.licenses.push(license);
  return license;
}

export function controlReports(state: SimState, rawId: string, body: unknown) {
  const parsed = parseBody(
    z.object({ userId: nonBlank(100), count: z.number().int().min(1).max(100_000) }),
    body,
  );
  if (!parsed.ok) return parsed;
  const target = controlTarget(state, rawId);
  if (!target.ok) return target;
  const provider = target.value;
  const { userId, count } = parsed.value;
  if (!provider.doctors.some((d) => d.doctorId === userId))
    return fail(404, `User ${userId} does not exist in provider ${provider.id}`);
  let license = licenseOfDoctor(provider, userId);
  if (!license) {
    // D4: in a pay-per-use centre a doctor gets the USAGE licence on first use.
    const check = canAssign(provider, userId, 'USAGE');
    if (!check.ok) return fail(422, `User ${userId} has no licence`);
    license = addLicense(state, provider, userId, 'USAGE');
  }
  if (!isEnabled(state, provider, license)) return fail(422, `The licence of user ${userId} is disabled`);
  // 2.7 (a): a BASIC licence stops at its limit and is then disabled.
  license.currentUsage =
    license.type === 'BASIC'
      ? Math.min(BASIC_LIMIT, license.currentUsage + count)
      : license.currentUsage + count;
  license.updatedAt = toSpaced(nowMs(state));
  license.lastUsedAt = license.updatedAt;
  return ok(licenseDetail(state, provider, license));
}

const downgradeSchema = z.object({
  quantity: z
    .partialRecord(z.enum(['8', '9']), z.number().int().min(0).max(100_000))
    .refine((q) => Object.keys(q).length > 0, 'must name plan 8 or 9'),
  effectiveDate: z.string().refine(isIsoUtc, 'must be an ISO 8601 UTC date-time'),
});

export function controlScheduledDowngrade(state: SimState, rawId: string, body: unknown) {
  const parsed = parseBody(downgradeSchema, body);
  if (!parsed.ok) return parsed;
  const target = controlTarget(state, rawId);
  if (!target.ok) return target;
  const provider = target.value;
  if (provider.billingMode !== 'PROCESSOR')
    return fail(409, 'A scheduled downgrade is for PROCESSOR centres');
  if (!provider.contract || provider.contract.model !== 'SEATS')
    return fail(422, 'The centre has no seats to downgrade');
  if (Date.parse(parsed.value.effectiveDate) <= nowMs(state))
    return fail(422, 'effectiveDate must be in the future');
  const quantity: Record<string, number> = {};
  for (const k of ['8', '9'] as const)
    if (parsed.value.quantity[k] !== undefined) quantity[k] = parsed.value.quantity[k] as number;
  provider.contract.scheduledDowngrade = {
    quantity,
    effectiveDate: toIso(Date.parse(parsed.value.effectiveDate)),
  };
  return ok({ scheduledDowngrade: provider.contract.scheduledDowngrade });
}

const faultSchema = z.object({
  match: nonBlank(500),
  status: z.number().int().min(100).max(599).optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
  times: z.number().int().min(1).max(100_000).optional(),
  body: z.unknown().optional(),
});

export function controlAddFault(state: SimState, body: unknown) {
  const parsed = parseBody(faultSchema, body);
  if (!parsed.ok) return parsed;
  const f = parsed.value;
  if (f.status === undefined && f.delayMs === undefined)
    return fail(400, 'A fault needs a status or a delayMs', [
      { field: 'status', message: 'status or delayMs is required' },
    ]);
  const fault: Fault = {
    id: state.nextIds.fault++,
    match: f.match,
    times: f.times ?? 1,
    ...(f.status === undefined ? {} : { status: f.status }),
    ...(f.delayMs === undefined ? {} : { delayMs: f.delayMs }),
    ...(f.body === undefined ? {} : { body: f.body }),
  };
  state.faults.push(fault);
  return ok(fault);
}

/**
 * D11: the first fault whose `match` is contained in `"METHOD /path"` fires and is used up once.
 * Control calls (/__sim) are never faulted.
 */
export function takeFault(state: SimState, method: string, pathname: string): Fault | undefined {
  if (pathname.startsWith('/__sim')) return undefined;
  const subject = `${method.toUpperCase()} ${pathname}`;
  const index = state.faults.findIndex((f) => subject.includes(f.match));
  const fault = state.faults[index];
  if (!fault) return undefined;
  fault.times -= 1;
  if (fault.times <= 0) state.faults.splice(index, 1);
  return fault;
}
