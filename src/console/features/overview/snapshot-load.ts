import type { LicenceSummary, Roster } from '@/console/domain/centre';
import { LICENSE_TYPES } from '@/contract/plans';
import { BILLING_MODES, CONTRACT_STATUSES, type DoctorWithLicense } from '@/contract/schemas';
import { asTolerant } from '@/contract/tolerant';
import type { WatchedState } from '@/proxy-api/watch';
import type { RowLoad } from './overview-rules.ts';

// The watcher's kept state (docs/decisions/0025) read back as the answers it was made of (4.7's
// summary, 4.6's doctors), so that the overview says of a snapshot exactly what it says of a centre
// loaded live: one set of rules (domain/centre.ts, banners.ts), not a second set of words. What
// the state does not keep is left out and changes no rule: a BASIC doctor at the limit keeps no
// restart date (the banner then names none), names are whole (no separate last name), and who
// manages a self-billed centre (2.9 `managedBy`) is the parent itself.

const tolerantType = (type: string) => asTolerant(LICENSE_TYPES, type);

function summaryOf(state: WatchedState): LicenceSummary {
  const summary = state.seats.map((row) => ({ ...row, type: tolerantType(row.type) }));
  const suspension = { suspended: state.suspended };
  const status = asTolerant(CONTRACT_STATUSES, state.status ?? '');
  const pending = (kind: 'downgrade' | 'switch') =>
    state.pending?.kind === kind
      ? { quantity: state.pending.quantity, effectiveDate: new Date(state.pending.effectiveAt) }
      : null;
  switch (state.contract) {
    case 'none':
      return { shape: 'no-contract' };
    case 'processor':
      return { shape: 'processor', summary, scheduledDowngrade: pending('downgrade'), suspension };
    case 'seats':
      return { shape: 'partner-self', summary, status, suspension };
    case 'usage':
      return {
        shape: 'pay-per-use',
        contractModel: 'USAGE',
        summary,
        scheduledSwitch: pending('switch'),
        status,
        suspension,
      };
  }
}

const doctor = (
  { doctorId, name }: { doctorId: string; name: string },
  license: NonNullable<DoctorWithLicense['license']>,
): DoctorWithLicense => ({ id: doctorId, name, lastname: '', license });

function rosterOf(state: WatchedState): Roster {
  return {
    billing: { mode: asTolerant(BILLING_MODES, state.billing ?? ''), managedBy: null },
    suspension: { suspended: state.suspended },
    doctors: [
      // 2.7 (a): at the limit is usage at the limit; 1 of 1 says so and nothing more.
      ...state.basicAtLimit.map((d) =>
        doctor(d, { type: 'BASIC', isEnabled: true, currentUsage: 1, limit: 1, expiresAt: null }),
      ),
      ...state.trials.map((d) =>
        doctor(d, {
          type: 'TRIAL',
          isEnabled: true,
          currentUsage: 0,
          limit: null,
          expiresAt: new Date(d.expiresAt),
        }),
      ),
    ],
  };
}

/** A snapshot as a loaded row: the rules then read it as they read a centre loaded live. */
export const loadOfSnapshot = (state: WatchedState): RowLoad => ({
  status: 'ready',
  summary: summaryOf(state),
  roster: rosterOf(state),
});
