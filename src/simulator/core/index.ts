// The simulator core: state plus the operations of spec §4 and D11, with no transport. One module
// per operation, named as the contract names it, plus access rules (D3), licences, the clock (D10)
// and the control operations (D11).
import type { Caller } from './access.ts';
import { createGrowth, newDoctorsIn, newEventsIn, type Capacity } from './capacity.ts';
import { moveClock } from './clock.ts';
import {
  controlAssignLicense,
  controlCreateProvider,
  controlReports,
  controlScheduledDowngrade,
  controlSuspension,
} from './control.ts';
import { createChildCenter } from './create-child-center.ts';
import { controlAddFault, takeFault } from './faults.ts';
import { getChildCenterCredentials } from './get-child-center-credentials.ts';
import { getLicenses } from './get-licenses.ts';
import { listChildCenters } from './list-child-centers.ts';
import { listDoctorsWithLicenses } from './list-doctors-with-licenses.ts';
import { listReportTemplates } from './list-report-templates.ts';
import { registerDoctors } from './register-doctors.ts';
import { authenticate, requestToken } from './request-token.ts';
import { seededState, type SeedOption } from './seed.ts';
import { sendPartnerWebhook } from './send-partner-webhook.ts';
import type { SimState } from './types.ts';

export type { Capacity } from './capacity.ts';
export type { SeedOption } from './seed.ts';
export { DEFAULT_NOW, demoState, emptyState, generatedState } from './seed.ts';
export * from './types.ts';
export type { Caller } from './access.ts';
export { BASIC_LIMIT, isEnabled, LICENSE_TYPES } from './licences.ts';
export { fold } from './list-doctors-with-licenses.ts';

export type CoreOptions = {
  seed?: SeedOption;
  now?: string;
  tokenLifetimeSeconds?: number;
  state?: SimState;
  /** How much the world may grow between resets (default: without bound). */
  capacity?: Capacity;
  /**
   * With `state`: a world kept since its seed (the proxy's demo across a restart), whose growth
   * counts from the seed rather than from `state`.
   */
  grownSinceSeed?: boolean;
};

export type SimCore = ReturnType<typeof createCore>;

const randomToken = () => `sim_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;

export function createCore(options: CoreOptions = {}) {
  const seed = options.seed ?? 'demo';
  const initial = () => seededState(seed, options.now, options.tokenLifetimeSeconds);
  let state: SimState = options.state ? structuredClone(options.state) : initial();
  const growth = createGrowth(
    options.capacity,
    () => state,
    options.state && options.grownSinceSeed ? initial() : undefined,
  );
  return {
    get state(): SimState {
      return state;
    },
    /** D11 `POST /__sim/reset`: back to the seed this simulator was created with (the demo seed by default). */
    reset(): void {
      state = initial();
      growth.restart();
    },
    exportState(): SimState {
      return structuredClone(state);
    },
    replaceState(next: SimState): void {
      state = structuredClone(next);
      growth.restart();
    },
    authenticate: (authorization: string | null) => authenticate(state, authorization),
    // The nine operations of spec §4.
    requestToken: (form: URLSearchParams | null) => requestToken(state, form, randomToken),
    registerDoctors: (caller: Caller, body: unknown) =>
      growth.refusal('doctors', () => newDoctorsIn(state, body)) ?? registerDoctors(state, caller, body),
    createChildCenter: (caller: Caller, body: unknown) =>
      growth.refusal('centres', () => 1) ?? createChildCenter(state, caller, body),
    getChildCenterCredentials: (caller: Caller, id: string) => getChildCenterCredentials(state, caller, id),
    listChildCenters: (caller: Caller, input: Parameters<typeof listChildCenters>[2]) =>
      listChildCenters(state, caller, input),
    listDoctorsWithLicenses: (caller: Caller, input: Parameters<typeof listDoctorsWithLicenses>[2]) =>
      listDoctorsWithLicenses(state, caller, input),
    getLicenses: (caller: Caller, input: Parameters<typeof getLicenses>[2]) =>
      getLicenses(state, caller, input),
    sendPartnerWebhook: (caller: Caller, body: unknown) => {
      const refused = growth.refusal('events', () => newEventsIn(state, body));
      if (refused) return refused;
      const outcome = sendPartnerWebhook(state, caller, body);
      if (outcome.ok && outcome.value.applied) growth.eventApplied();
      return outcome;
    },
    listReportTemplates: (caller: Caller, input: Parameters<typeof listReportTemplates>[2]) =>
      listReportTemplates(state, caller, input),
    // D10 and D11.
    moveClock: (body: unknown) => moveClock(state, body),
    createProvider: (body: unknown) =>
      growth.refusal('centres', () => 1) ?? controlCreateProvider(state, body),
    setSuspension: (id: string, body: unknown) => controlSuspension(state, id, body),
    assignLicense: (id: string, body: unknown) => controlAssignLicense(state, id, body),
    recordReports: (id: string, body: unknown) => controlReports(state, id, body),
    scheduleDowngrade: (id: string, body: unknown) => controlScheduledDowngrade(state, id, body),
    addFault: (body: unknown) => controlAddFault(state, body),
    takeFault: (method: string, pathname: string) => takeFault(state, method, pathname),
  };
}
