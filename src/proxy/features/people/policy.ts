// Who is known, and how roles come from the identity provider's claims (docs/decisions/0023):
// ADMIN_EMAILS, OIDC_ROLES_CLAIM, OIDC_ROLE_MAPPING and OIDC_TRUST_EMAIL, as the people feature's
// configuration reads them and sign-in applies them.
import { ROLES, type Role } from '../../../proxy-api/permissions.ts';
import { environmentIds, type EnvironmentId } from '../../core/upstream/environments.ts';

/** `value=role@environment/providerId` (or `@*`: every connection) from OIDC_ROLE_MAPPING. */
export interface RoleRule {
  value: string;
  role: Role;
  connection: { environment: EnvironmentId; providerId: number } | '*';
}

export interface PeoplePolicy {
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: ReadonlySet<string>;
  /** OIDC_ROLES_CLAIM: the claim holding the person's groups or roles (a string or a list). */
  rolesClaim: string | undefined;
  roleMapping: readonly RoleRule[];
  /** OIDC_TRUST_EMAIL: the provider's `email` counts as verified without `email_verified`. */
  trustEmail: boolean;
}

export const noPeoplePolicy: PeoplePolicy = {
  adminEmails: new Set(),
  rolesClaim: undefined,
  roleMapping: [],
  trustEmail: false,
};

/** Parses OIDC_ROLE_MAPPING; throws a message naming the bad entry. */
export function parseRoleMapping(text: string): RoleRule[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([^=]+)=([a-z]+)@(\*|([a-z]+)\/([1-9]\d{0,15}))$/.exec(entry);
      const role = ROLES.find((candidate) => candidate === match?.[2]);
      const environment = environmentIds.find((id) => id === match?.[4]);
      if (!match?.[1] || !role || (match[3] !== '*' && !environment))
        throw new TypeError(
          `"${entry}" is not value=role@environment/providerId (role: ${ROLES.join(', ')}; environment: ${environmentIds.join(', ')}; or @* for every connection)`,
        );
      return {
        value: match[1].trim(),
        role,
        connection: environment ? { environment, providerId: Number(match[5]) } : '*',
      };
    });
}
