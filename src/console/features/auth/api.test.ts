import { describe, expect, it } from 'vitest';
import { errorFromResponse, readEnvironments, readSession } from './api.ts';

describe('auth surface readers', () => {
  it('reads a session and refuses one with a provider id that is not a positive integer', () => {
    expect(readSession({ environment: 'demo', providerId: 100, clientId: 'demo-parent', extra: 1 })).toEqual({
      environment: 'demo',
      providerId: 100,
      clientId: 'demo-parent',
    });
    expect(readSession({ environment: 'demo', providerId: 0, clientId: 'x' })).toBeUndefined();
    expect(readSession({ environment: 'demo', providerId: '100', clientId: 'x' })).toBeUndefined();
  });

  it('keeps known operations of an environment and drops unknown ones', () => {
    expect(
      readEnvironments([{ id: 'qa', label: 'QA', kind: 'qa', operations: ['listChildCenters', 'teleport'] }]),
    ).toEqual([{ id: 'qa', label: 'QA', kind: 'qa', operations: ['listChildCenters'] }]);
    expect(readEnvironments([{ id: 'x', label: 'X', kind: 'staging', operations: [] }])).toBeUndefined();
  });

  it('reads the proxy problem+json with its code, detail and Retry-After', () => {
    const error = errorFromResponse(
      429,
      new Headers({ 'retry-after': '30' }),
      JSON.stringify({
        type: '/problems/too_many_attempts',
        title: 'Too many',
        status: 429,
        detail: 'Wait',
        requestId: 'r1',
        code: 'too_many_attempts',
      }),
    );
    expect(error).toMatchObject({
      status: 429,
      meaning: 'rate-limited',
      code: 'too_many_attempts',
      serverMessage: 'Wait',
      retryAfterSeconds: 30,
      requestId: 'r1',
    });
    expect(errorFromResponse(502, new Headers(), '<html>bad gateway</html>').meaning).toBe(
      'upstream-unavailable',
    );
  });
});
