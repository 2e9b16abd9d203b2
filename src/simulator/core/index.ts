// The simulator core: state plus the operations of spec §4 and D11, with no transport.
import * as engine from './engine.ts';
import { seededState, type SeedOption } from './seed.ts';
import type { SimState } from './types.ts';

export type { SeedOption } from './seed.ts';
export { DEFAULT_NOW, demoState, emptyState, generatedState } from './seed.ts';
export * from './types.ts';
export { isEnabled, BASIC_LIMIT, LICENSE_TYPES, fold, type Caller } from './engine.ts';

export type CoreOptions = {
  seed?: SeedOption;
  now?: string;
  tokenLifetimeSeconds?: number;
  state?: SimState;
};

export type SimCore = ReturnType<typeof createCore>;

const randomToken = () => `sim_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;

export function createCore(options: CoreOptions = {}) {
  const seed = options.seed ?? 'demo';
  const initial = () => seededState(seed, options.now, options.tokenLifetimeSeconds);
  let state: SimState = options.state ? structuredClone(options.state) : initial();
  return {
    get state(): SimState {
      return state;
    },
    /** D11 `POST /__sim/reset`: back to the seed this simulator was created with (the demo seed by default). */
    reset(): void {
      state = initial();
    },
    exportState(): SimState {
      return structuredClone(state);
    },
    replaceState(next: SimState): void {
      state = structuredClone(next);
    },
    authenticate: (authorization: string | null) => engine.authenticate(state, authorization),
    requestToken: (form: URLSearchParams | null) => engine.requestToken(state, form, randomToken),
    registerDoctors: (caller: engine.Caller, body: unknown) => engine.registerDoctors(state, caller, body),
    createChildProvider: (caller: engine.Caller, body: unknown) =>
      engine.createChildProvider(state, caller, body),
    getChildCredentials: (caller: engine.Caller, id: string) => engine.getChildCredentials(state, caller, id),
    listChildProviders: (caller: engine.Caller, input: Parameters<typeof engine.listChildProviders>[2]) =>
      engine.listChildProviders(state, caller, input),
    listDoctors: (caller: engine.Caller, input: Parameters<typeof engine.listDoctors>[2]) =>
      engine.listDoctors(state, caller, input),
    getLicenses: (caller: engine.Caller, input: Parameters<typeof engine.getLicenses>[2]) =>
      engine.getLicenses(state, caller, input),
    partnerWebhook: (caller: engine.Caller, body: unknown) => engine.partnerWebhook(state, caller, body),
    listTemplates: (caller: engine.Caller, input: Parameters<typeof engine.listTemplates>[2]) =>
      engine.listTemplates(state, caller, input),
    moveClock: (body: unknown) => engine.moveClock(state, body),
    createProvider: (body: unknown) => engine.controlCreateProvider(state, body),
    setSuspension: (id: string, body: unknown) => engine.controlSuspension(state, id, body),
    assignLicense: (id: string, body: unknown) => engine.controlAssignLicense(state, id, body),
    recordReports: (id: string, body: unknown) => engine.controlReports(state, id, body),
    scheduleDowngrade: (id: string, body: unknown) => engine.controlScheduledDowngrade(state, id, body),
    addFault: (body: unknown) => engine.controlAddFault(state, body),
    takeFault: (method: string, pathname: string) => engine.takeFault(state, method, pathname),
  };
}
