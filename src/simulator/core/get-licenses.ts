// 4.7 with D7: the licence summary in the spec's shapes 1–3, or licence detail (shape 4) by user
// and/or by type.
import { actOn, type Caller } from './access.ts';
import {
  LICENSE_TYPES,
  licenseDetail,
  SEAT_TYPES,
  suspensionBlock,
  usedOf,
  withSuspension,
} from './licences.ts';
import { parseId } from './parse.ts';
import { fail, ok, type LicenseType, type Outcome, type Provider, type SimState } from './types.ts';

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
