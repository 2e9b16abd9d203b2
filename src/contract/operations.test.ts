import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchOperation,
  normalizeTemplatesPrefix,
  operations,
  operationsInEnvironment,
} from './operations.ts';

describe('the operation allow-list', () => {
  it.each([
    ['POST', '/api/iam/integration/token', 'requestToken'],
    ['POST', '/iam/v1/register/healthProviderDoctor', 'registerDoctors'],
    ['POST', '/iam/v1/register/childProvider', 'createChildCenter'],
    ['GET', '/iam/v1/provider/131/credentials', 'getChildCenterCredentials'],
    ['GET', '/core/v1/provider/100/child', 'listChildCenters'],
    ['GET', '/payments/v1/subscription/provider/100/user', 'listDoctorsWithLicenses'],
    ['GET', '/payments/v1/subscription/provider/100/license', 'getLicenses'],
    ['POST', '/payments/v1/partner/webhook', 'sendPartnerWebhook'],
    ['GET', '/reportExample', 'listReportTemplates'],
  ])('%s %s is %s', (method, path, id) => {
    expect(matchOperation(method, path)).toBe(id);
  });

  it.each([
    ['GET', '/api/iam/integration/token'],
    ['POST', '/core/v1/provider/100/child'],
    ['GET', '/core/v1/provider/0100/child'],
    ['GET', '/core/v1/provider/0/child'],
    ['GET', '/core/v1/provider/-1/child'],
    ['GET', '/core/v1/provider/1e3/child'],
    ['GET', '/core/v1/provider/100/child/'],
    ['GET', '//core/v1/provider/100/child'],
    ['GET', '/core/v1/provider/100/../child'],
    ['GET', '/core/v1/provider/100%2F1/child'],
    ['GET', '/CORE/v1/provider/100/child'],
    ['get', '/core/v1/provider/100/child'],
    ['GET', '/__sim/state'],
    ['GET', '/reportExample/'],
  ])('%s %s matches nothing', (method, path) => {
    expect(matchOperation(method, path)).toBeUndefined();
  });

  it('moves /reportExample under the templates prefix (D9), and only there', () => {
    expect(matchOperation('GET', '/reports/reportExample', '/reports')).toBe('listReportTemplates');
    expect(matchOperation('GET', '/reportExample', '/reports')).toBeUndefined();
  });

  it('normalises a templates prefix and refuses one that could escape the base', () => {
    expect(normalizeTemplatesPrefix('')).toBe('');
    expect(normalizeTemplatesPrefix('reports/v2/')).toBe('/reports/v2');
    expect(() => normalizeTemplatesPrefix('/a/../b')).toThrow(TypeError);
    expect(() => normalizeTemplatesPrefix('/a%2Fb')).toThrow(TypeError);
    expect(() => normalizeTemplatesPrefix('https://evil.test')).toThrow(TypeError);
  });

  it('a development environment offers only the token and doctor registration (D3)', () => {
    expect(operationsInEnvironment('development')).toEqual(['requestToken', 'registerDoctors']);
    expect(operationsInEnvironment('qa')).toHaveLength(9);
  });

  it('any generated path matches only when it is exactly one of the nine shapes', () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'iam',
        'v1',
        'core',
        'provider',
        'child',
        'payments',
        'subscription',
        'user',
        'license',
        'reportExample',
        '..',
        '.',
        '',
        '%2F',
        '100',
        '007',
        'api',
      ),
      fc.string({ maxLength: 6 }),
    );
    const shapes = operations.map((op) => ({
      op,
      pattern: new RegExp(`^${op.path.replace(/\{[A-Za-z]+\}/g, '[1-9][0-9]*')}$`),
    }));
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'get'),
        fc.array(segment, { maxLength: 8 }),
        (method, parts) => {
          const path = `/${parts.join('/')}`;
          const id = matchOperation(method, path);
          const expected = shapes.find(
            (s) => s.op.method === method && s.pattern.test(path) && !/\/0/.test(path),
          )?.op.id;
          expect(id).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
