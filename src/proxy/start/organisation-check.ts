// Start-up's check of organisation sign-in (issue 45 item 5): discovery, the token endpoint auth
// method, and the console's own client where the provider allows it, said in the log before the
// first person meets a problem. It never stops the proxy: a provider down now may answer later
// (sign-ins discover it again), and client-credential sign-in still works meanwhile.
import type { Logger } from '../core/http/context.ts';
import type { OrganisationSignIn } from '../features/sign-in/organisation.ts';
import { logMisconfigured } from '../features/sign-in/organisation-routes.ts';

export async function checkOrganisation(
  organisation: OrganisationSignIn,
  consoleOrigin: string,
  log: Logger,
  issuer: string,
): Promise<void> {
  if (!organisation.check) return;
  const redirectUri = `${consoleOrigin}/auth/organisation/callback`;
  const result = await organisation.check(redirectUri).catch(() => undefined);
  if (!result) return;
  if (result.kind === 'ok')
    log.info(
      {
        event: 'organisation_checked',
        issuer,
        authMethod: result.authMethod,
        clientChecked: result.clientChecked,
        redirectUri,
      },
      result.clientChecked
        ? `organisation sign-in: the provider accepts the console's client (${result.authMethod})`
        : `organisation sign-in: the provider answers; it will authenticate the client with ${result.authMethod} at the first sign-in`,
    );
  else if (result.kind === 'unavailable')
    log.warn(
      { event: 'organisation_unavailable', issuer, reason: result.reason },
      'organisation sign-in: the provider cannot be reached now (each sign-in tries again); check OIDC_ISSUER_URL if this lasts',
    );
  else logMisconfigured({ log }, undefined, result);
}
