// The simulator's state: plain JSON, so that it can be exported (GET /__sim/state), persisted
// (browser localStorage) and compared byte for byte (same seed ⇒ same JSON).

export type LicenseType = 'BASIC' | 'ELITE' | 'TRIAL' | 'USAGE';
export type SeatType = 'BASIC' | 'ELITE' | 'TRIAL';
export type BillingMode = 'PROCESSOR' | 'PARTNER_SELF';
export type ContractStatus = 'ACTIVE' | 'INACTIVE';

export type Doctor = {
  serviceId: string;
  /** The doctor's identifier in the integrator's system (spec 2.2 `doctorId`, 2.6 `id`). */
  doctorId: string;
  name: string;
  lastname: string;
  email?: string;
  doctorSpeciality: number;
  lang: string;
  doctorDictionary?: string;
};

export type License = {
  id: number;
  userId: string;
  type: LicenseType;
  currentUsage: number;
  /** D10 formats: `YYYY-MM-DD HH:MM:SS` for these three. */
  createdAt: string;
  updatedAt: string;
  lastUsedAt: string;
  /** ISO 8601 UTC. */
  expiresAt: string;
};

export type Template = {
  id: number;
  name: string;
  description: string;
  type: number;
  specialityId: number;
  isValidated: boolean;
  ownerType: 'USER' | 'HEALTH_PROVIDER';
  userId?: string;
};

export type Contract = {
  status: ContractStatus;
  model: 'SEATS' | 'USAGE';
  seats: Partial<Record<SeatType, number>>;
  includedConsultations: number | null;
  /** 2.11, USAGE centres only; effectiveDate `YYYY-MM-DD HH:MM:SS` (D10). */
  scheduledSwitch: { quantity: Record<string, number>; effectiveDate: string } | null;
  /** 2.11, PROCESSOR centres only; effectiveDate ISO (D10). */
  scheduledDowngrade: { quantity: Record<string, number>; effectiveDate: string } | null;
};

export type Provider = {
  id: number;
  name: string;
  country: string;
  city: string;
  parentId: number | null;
  clientId: string;
  secret: string;
  /** A parent enabled for self-billing (spec 4.8, D3). */
  selfBilling: boolean;
  billingMode: BillingMode;
  managedBy: string | null;
  suspended: boolean;
  contract: Contract | null;
  /** Start of the next monthly period (ISO): usage resets then (D10). */
  renewsAt: string;
  childIds: number[];
  doctors: Doctor[];
  licenses: License[];
  templates: Template[];
};

export type Token = { providerId: number; expiresAt: string };

export type Fault = {
  id: number;
  match: string;
  status?: number;
  delayMs?: number;
  times: number;
  body?: unknown;
  retryAfterSeconds?: number;
};

export type SimState = {
  version: 1;
  now: string;
  tokenLifetimeSeconds: number;
  rng: number;
  nextIds: { provider: number; doctor: number; license: number; template: number; fault: number };
  /** Keyed by decimal id; JSON keeps integer-like keys in ascending order. */
  providers: Record<string, Provider>;
  tokens: Record<string, Token>;
  /** Applied webhook event ids, keyed `e:<id>` so that no id can collide with Object's own keys. */
  /** D8: each event id applied, and the centre it applied to. */
  appliedEvents: Record<string, number>;
  faults: Fault[];
};

/** An operation's failure: the HTTP status of spec §7 and the D2 body's message and field errors. */
export type SimError = {
  status: number;
  message: string;
  errors?: { field: string; message: string }[];
  /** D1: the token operation answers OAuth errors instead of D2. */
  oauth?: 'invalid_request' | 'unsupported_grant_type' | 'invalid_client';
};

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: SimError };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (status: number, message: string, errors?: SimError['errors']): Outcome<never> => ({
  ok: false,
  error: errors ? { status, message, errors } : { status, message },
});
