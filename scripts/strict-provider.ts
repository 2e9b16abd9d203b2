// The strict test provider (src/proxy/testing/strict-provider.ts) as a process of its own, for the
// Chromium journeys (e2e/organisation-strict.spec.ts), which may not import the proxy's code
// (docs/decisions/0012). Its options come as JSON in the first argument; it prints
// `issuer <url>` once it listens, and stops on SIGTERM.
//   node scripts/strict-provider.ts '{"clients":[…],"origins":["http://127.0.0.1:9151"],"unverified":["a@b"]}'
import { startStrictProvider, type StrictClient } from '../src/proxy/testing/strict-provider.ts';

interface Options {
  clients: StrictClient[];
  /** Console origins whose callback and post-logout URIs the clients allow. */
  origins: string[];
  decodesBasic?: boolean;
  invalidClient?: 400 | 401;
  /** Addresses signed in without `email_verified`; everyone else gets `email_verified: true`. */
  unverified?: string[];
  /** A `roles` claim everyone gets (for OIDC_ROLES_CLAIM). */
  roles?: string[];
  backchannelLogout?: boolean;
  endSessionRequiresHint?: boolean;
  /** false: no `end_session_endpoint` (RP-initiated logout off). */
  endSession?: boolean;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const unverified = new Set(options.unverified ?? []);
const strict = await startStrictProvider({
  clients: options.clients,
  ...(options.decodesBasic === undefined ? {} : { decodesBasic: options.decodesBasic }),
  ...(options.invalidClient === undefined ? {} : { invalidClient: options.invalidClient }),
  ...(options.backchannelLogout === undefined ? {} : { backchannelLogout: options.backchannelLogout }),
  ...(options.endSessionRequiresHint === undefined
    ? {}
    : { endSessionRequiresHint: options.endSessionRequiresHint }),
  ...(options.endSession === false ? { features: { rpInitiatedLogout: { enabled: false } } } : {}),
  claims: ({ subject, email, name }) => ({
    sub: subject,
    email,
    ...(unverified.has(email) ? {} : { email_verified: true }),
    name,
    ...(options.roles ? { roles: options.roles } : {}),
  }),
});
for (const origin of options.origins) strict.register(origin);
process.stdout.write(`issuer ${strict.issuer}\n`);
process.once('SIGTERM', () => {
  void strict.close().then(() => process.exit(0));
});
