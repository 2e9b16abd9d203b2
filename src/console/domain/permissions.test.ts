import { describe, expect, test } from 'vitest';
import { ROLE_PERMISSIONS } from '@/proxy-api/permissions';
import { may, missing } from './permissions.ts';

const support = {
  permissions: [...ROLE_PERMISSIONS.support],
  role: 'support' as const,
  connection: { id: 'c1', label: 'Red Salud Demo', state: 'ok' as const },
};
const operator = { ...support, permissions: [...ROLE_PERMISSIONS.operator], role: 'operator' as const };

describe('what a session may do', () => {
  test('support reads and changes nothing; an operator changes the service; neither manages people', () => {
    expect(may(support, 'centres.view')).toBe(true);
    for (const permission of [
      'centres.create',
      'credentials.reveal',
      'doctors.register',
      'contract.act',
    ] as const) {
      expect(may(support, permission)).toBe(false);
      expect(may(operator, permission)).toBe(true);
    }
    expect(may(operator, 'people.manage')).toBe(false);
  });

  test('a proxy that sends no permissions predates roles: everything is offered', () => {
    expect(may({}, 'contract.act')).toBe(true);
  });

  test('a missing action says the role held, the connection and the least role that has it', () => {
    expect(missing(support, 'contract.act')).toEqual({
      kind: 'role',
      permission: 'contract.act',
      role: 'support',
      connection: 'Red Salud Demo',
      ask: 'operator',
    });
    expect(missing(operator, 'people.manage')).toMatchObject({ ask: 'admin' });
    expect(missing(operator, 'contract.act')).toBeUndefined();
    expect(missing({ permissions: ['centres.view'] }, 'people.manage')).toEqual({
      kind: 'client',
      permission: 'people.manage',
    });
  });
});
