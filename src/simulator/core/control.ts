// D11: the simulator's control operations (simulator only, under /__sim): providers, suspension,
// licences, reports and scheduled downgrades, applied without the upstream's permission rules.
import { z } from 'zod';
import { isParent } from './access.ts';
import {
  addLicense,
  BASIC_LIMIT,
  canAssign,
  isEnabled,
  licenseDetail,
  licenseOfDoctor,
  suspensionBlock,
} from './licences.ts';
import { nonBlank, parseBody, parseId } from './parse.ts';
import { getProvider, newProvider, nowMs } from './providers.ts';
import { isIsoUtc, toIso, toSpaced } from './time.ts';
import { fail, ok, type Outcome, type Provider, type SimState } from './types.ts';

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
