import type { OperationId } from '@/contract/operations';
import type { Billing } from '@/contract/schemas';

// Who may act on a centre's contract through the partner webhook (spec 4.8, §5.4; D3): a parent
// enabled for self-billing, on its centres billed PARTNER_SELF. The spec has no call that says a
// parent is enabled for self-billing; a child billed PARTNER_SELF (2.9, 4.6's billing block) is
// billed by its parent, and D5 bills a child so only when its parent is enabled for self-billing.
// The service still decides (403 otherwise, D3): docs/decisions/0016.

/** The operations the Contract tab needs: the webhook, and the licence data it shows and checks. */
export const CONTRACT_NEEDS: readonly OperationId[] = [
  'sendPartnerWebhook',
  'getLicenses',
  'listDoctorsWithLicenses',
];

export type Availability =
  | { kind: 'available' }
  /** The centre's billing is not known yet (4.6 is loading, or failed). */
  | { kind: 'unknown' }
  | { kind: 'own-centre' }
  | { kind: 'processor' }
  | { kind: 'other-billing'; mode: string };

/** `ownCentre`: signed in as the centre itself (D3: the parent acts, not the centre). */
export function contractAvailability(ownCentre: boolean, billing: Billing | undefined): Availability {
  if (ownCentre) return { kind: 'own-centre' };
  if (!billing) return { kind: 'unknown' };
  if (billing.mode === 'PARTNER_SELF') return { kind: 'available' };
  if (billing.mode === 'PROCESSOR') return { kind: 'processor' };
  return { kind: 'other-billing', mode: billing.mode.unknown };
}
