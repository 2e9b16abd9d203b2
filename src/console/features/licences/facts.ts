import type { LicenceSummary } from '@/console/api/get-licenses';
import type { Roster } from './banners.ts';

// What the centre's header says about its contract (2.8–2.11, 3.1), as pure rules.

/**
 * The contract's state in one word. 3.1 gives ACTIVE/INACTIVE for the self-billing flow only; a
 * processor-billed centre (shape 1) has no status but can be suspended (2.8) or hold no licence.
 */
export type ContractState =
  'active' | 'suspended' | 'cancelled' | 'no-contract' | 'no-licences' | { unknown: string };

export function contractStateOf(summary: LicenceSummary, roster: Roster | undefined): ContractState {
  if (roster?.suspension.suspended || (summary.shape !== 'no-contract' && summary.suspension.suspended))
    return 'suspended';
  if (summary.shape === 'no-contract') return 'no-contract';
  if (summary.shape === 'processor') return summary.summary.length === 0 ? 'no-licences' : 'active';
  if (summary.status === 'ACTIVE') return 'active';
  if (summary.status === 'INACTIVE') return 'cancelled';
  return summary.status;
}

/** 2.11: `contractModel` USAGE, only for pay-per-use centres (4.7 shape 3). */
export const isPayPerUse = (summary: LicenceSummary) => summary.shape === 'pay-per-use';

/** How urgent a state is, most urgent first (the overview sorts by it). */
export function stateRank(state: ContractState): number {
  if (typeof state !== 'string') return 2;
  return ['suspended', 'cancelled', 'unknown', 'no-contract', 'no-licences', 'active'].indexOf(state);
}
