import { afterEach, expect, test } from 'vitest';
import { readCspNonce } from './csp-nonce';

afterEach(() => {
  document.head.innerHTML = '';
});

test('the nonce comes from the csp-nonce meta tag the proxy fills in', () => {
  document.head.innerHTML = '<meta property="csp-nonce" nonce="abc123==">';
  expect(readCspNonce()).toBe('abc123==');
});

test('without the meta tag (tests, a plain static server) there is no nonce', () => {
  expect(readCspNonce()).toBeUndefined();
  document.head.innerHTML = '<meta property="csp-nonce">';
  expect(readCspNonce()).toBeUndefined();
});
