import { describe, expect, it } from 'vitest';
import { ApiError } from '@/contract/api-error-value';
import { describeError, isChunkLoadError, isSessionEnded, markChunkLoadError } from './error-message.ts';

const preloadError = (error: unknown) => Object.assign(new Event('vite:preloadError'), { payload: error });

describe('describeError: the one mapping from failures to words', () => {
  it('reads the proxy’s own codes before the status', () => {
    const refused = new ApiError({
      kind: 'http',
      status: 401,
      code: 'invalid_credentials',
      serverMessage: 'The client id or the client secret is not correct.',
    });
    // In the UI language: the proxy's English detail adds nothing to it.
    expect(describeError(refused)).toMatchObject({
      key: 'error.invalidCredentials',
      serverMessage: undefined,
    });
    expect(describeError(new ApiError({ kind: 'http', status: 401, code: 'session_expired' })).key).toBe(
      'error.unauthenticated',
    );
  });

  it('gives every status of spec §7 its own meaning, and keeps the server’s words (D2)', () => {
    const cases: [number, string][] = [
      [400, 'error.invalidRequest'],
      [403, 'error.forbidden'],
      [404, 'error.notFound'],
      [409, 'error.conflict'],
      [422, 'error.unprocessable'],
      [502, 'error.unavailable'],
      [504, 'error.timeout'],
    ];
    for (const [status, key] of cases) {
      const error = new ApiError({
        kind: 'http',
        status,
        serverMessage: 'said by the server',
        requestId: 'r-1',
      });
      expect(describeError(error)).toMatchObject({
        key,
        serverMessage: 'said by the server',
        requestId: 'r-1',
      });
    }
  });

  it('says the demo’s bound per visitor in its own words, not as a wait of seconds (issue 46 M3)', () => {
    const full = new ApiError({
      kind: 'http',
      status: 429,
      code: 'demo_limit',
      serverMessage: 'This demo session has added as many doctors as the demo allows (500).',
      retryAfterSeconds: 80_000,
    });
    expect(describeError(full)).toMatchObject({ key: 'error.demoLimit', serverMessage: undefined });
  });

  it('counts down a 429 in its own words rather than the server’s', () => {
    const error = new ApiError({
      kind: 'http',
      status: 429,
      serverMessage: 'Try again in 900 seconds.',
      retryAfterSeconds: 900,
    });
    expect(describeError(error)).toMatchObject({
      key: 'error.rateLimited',
      serverMessage: undefined,
      retryAfterSeconds: 900,
    });
  });

  it('says “offline” for a network failure and for a screen whose code did not arrive', () => {
    expect(describeError(new ApiError({ kind: 'network' }))).toMatchObject({
      key: 'error.offline',
      offline: true,
    });
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    markChunkLoadError(preloadError(failed));
    expect(isChunkLoadError(failed)).toBe(true);
    expect(describeError(failed)).toMatchObject({ key: 'error.offline', offline: true });
  });

  it('renames a failed chunk so the router does not read it as a missing module (it would reload)', () => {
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    markChunkLoadError(preloadError(failed));
    expect(failed.message.startsWith('Failed to fetch dynamically imported module')).toBe(false);
    markChunkLoadError(preloadError(failed));
    expect(failed.message).toBe(
      "a screen's code could not be fetched (Failed to fetch dynamically imported module: /assets/x.js)",
    );
  });

  it('leaves anything else generic', () => {
    expect(describeError(new Error('boom')).key).toBe('error.generic');
    expect(describeError('boom').key).toBe('error.generic');
  });

  it('treats a 401 as an ended session unless it is a refused sign-in', () => {
    expect(isSessionEnded(new ApiError({ kind: 'http', status: 401, code: 'session_expired' }))).toBe(true);
    expect(isSessionEnded(new ApiError({ kind: 'http', status: 401, code: 'invalid_credentials' }))).toBe(
      false,
    );
    expect(isSessionEnded(new ApiError({ kind: 'http', status: 403 }))).toBe(false);
  });
});
