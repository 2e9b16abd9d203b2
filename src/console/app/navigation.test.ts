import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '@/contract/operations';
import { ROLE_PERMISSIONS, type Role } from '@/proxy-api/permissions';
import { NAVIGATION, navigationFor } from './navigation.ts';

describe('the navigation', () => {
  it('offers every screen where every operation exists', () => {
    expect(navigationFor(OPERATION_IDS)).toEqual(NAVIGATION);
  });

  it('hides the screens whose operations the environment lacks (D3: development has two)', () => {
    const development = navigationFor(['requestToken', 'registerDoctors']);
    expect(development.map((entry) => entry.to)).not.toContain('/centres');
    for (const entry of development)
      expect(entry.needs.every((operation) => ['requestToken', 'registerDoctors'].includes(operation))).toBe(
        true,
      );
  });
});

/** The entries a person with the role is offered where every operation exists. */
const entries = (role: Role) =>
  navigationFor(OPERATION_IDS, {
    rights: {
      permissions: [...ROLE_PERMISSIONS[role]],
      role,
      connection: { id: 'c', label: 'Red Salud Demo', state: 'ok' },
    },
  }).map((entry) => entry.to);

describe('the navigation for a person (docs/decisions/0023)', () => {
  it('support reads: no registration, no connections; the people, read-only', () => {
    expect(entries('support')).toEqual(['/overview', '/centres', '/activity', '/inbox', '/settings/people']);
  });

  it('an operator also registers doctors; an admin also manages people and connections', () => {
    expect(entries('operator')).toEqual([
      '/overview',
      '/centres',
      '/doctors/register',
      '/activity',
      '/inbox',
      '/settings/people',
    ]);
    expect(entries('admin')).toEqual(NAVIGATION.map((entry) => entry.to));
  });
});
