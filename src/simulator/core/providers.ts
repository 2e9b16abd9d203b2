// Reading the state: the test clock's now (D10), providers by id, and new providers (D5, D11).
import { Rng } from './random.ts';
import { addMonth, toIso } from './time.ts';
import type { Provider, SimState } from './types.ts';

export function nowMs(state: SimState): number {
  return Date.parse(state.now);
}

export function getProvider(state: SimState, id: number): Provider | undefined {
  return Object.hasOwn(state.providers, String(id)) ? state.providers[String(id)] : undefined;
}

export function newProvider(
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
