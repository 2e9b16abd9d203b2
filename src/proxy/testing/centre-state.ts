import type { CentreState } from '../../proxy-api/centre-state.ts';

/** A centre's state as the watcher keeps it (docs/decisions/0025): processor-billed, in good standing. */
export const testCentreState = (over: Partial<CentreState> = {}): CentreState => ({
  billing: 'PROCESSOR',
  contract: 'processor',
  status: null,
  suspended: false,
  seats: [],
  pending: null,
  basicAtLimit: [],
  trials: [],
  ...over,
});
