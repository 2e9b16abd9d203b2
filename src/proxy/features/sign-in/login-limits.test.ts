import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { canary, startFakeUpstream } from '../../testing/fake-upstream.ts';
import type { FakeUpstream } from '../../testing/fake-upstream.ts';
import { sequentially, startProxy } from '../../testing/harness.ts';
import type { Harness } from '../../testing/harness.ts';

// The login limiter over HTTP (docs/decisions/0011): per (client id, address) and per address,
// with growing delays.

let upstream: FakeUpstream;
let proxy: Harness;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  proxy = await startProxy(upstream.url);
});

afterEach(async () => {
  await proxy.close();
  await upstream.close();
});

describe('failed logins', () => {
  test('past five failures of one client id from one address, each further one waits twice as long', async () => {
    const statuses: number[] = [];
    await sequentially(6, async (attempt) => {
      statuses.push((await proxy.login({ clientSecret: `wrong-${attempt}` })).response.status);
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // The sixth failure locked the pair for one second: even the right secret waits.
    const locked = await proxy.login();
    expect(locked.response.status).toBe(429);
    expect(locked.response.headers.get('retry-after')).toBe('1');
    expect(await locked.response.json()).toMatchObject({ code: 'too_many_attempts' });
    proxy.clock.advance(1_000);
    expect((await proxy.login({ clientSecret: 'wrong-7' })).response.status).toBe(401);
    const longer = await proxy.login();
    expect(longer.response.headers.get('retry-after')).toBe('2');
    // Refused attempts never reached the upstream.
    expect(upstream.tokenCalls()).toHaveLength(7);
    proxy.clock.advance(2_000);
    expect((await proxy.login()).response.status).toBe(200);
  });

  test('the delay grows to 15 minutes at most, never one hard block from the first failures', async () => {
    const retries: number[] = [];
    await sequentially(16, async (attempt) => {
      const { response } = await proxy.login({ clientSecret: `wrong-${attempt}` });
      if (response.status === 429) {
        retries.push(Number(response.headers.get('retry-after')));
        proxy.clock.advance(Number(response.headers.get('retry-after')) * 1000);
        await proxy.login({ clientSecret: `wrong-again-${attempt}` });
      }
    });
    expect(retries[0]).toBe(1);
    expect(Math.max(...retries)).toBeLessThanOrEqual(900);
    proxy.clock.advance(15 * 60_000);
    expect((await proxy.login()).response.status).toBe(200);
  });

  test('a correct secret from an address with no failures signs in while someone else is guessing', async () => {
    await proxy.close();
    // Behind a trusted balancer (TRUSTED_PROXIES), the client address is X-Forwarded-For's.
    proxy = await startProxy(upstream.url, { trustedProxies: ['127.0.0.1'] });
    await sequentially(12, (attempt) =>
      proxy.request('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.66' },
        body: JSON.stringify({
          environment: 'qa',
          providerId: 100,
          clientId: canary.clientId,
          clientSecret: `guess-${attempt}`,
        }),
      }),
    );
    const owner = await proxy.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({
        environment: 'qa',
        providerId: 100,
        clientId: canary.clientId,
        clientSecret: canary.secret,
      }),
    });
    expect(owner.status).toBe(200);
  });

  test('junk logins from one address do not lock out another client id behind it', async () => {
    // A clinic's office: someone mistypes five times; a colleague signs in with their own client.
    await sequentially(8, (attempt) => proxy.login({ clientId: `colleague-typo-${attempt}` }));
    expect((await proxy.login()).response.status).toBe(200);
  });

  test('an address that keeps failing with many client ids is slowed down as a whole', async () => {
    await sequentially(21, (attempt) => proxy.login({ clientId: `spray-${attempt}` }));
    const next = await proxy.login({ clientId: 'spray-next' });
    expect(next.response.status).toBe(429);
    expect(upstream.tokenCalls()).toHaveLength(21);
  });

  test('X-Forwarded-For is ignored unless the peer is a trusted proxy, and IPv6 counts per /64', async () => {
    const attempt = (target: typeof proxy, address: string, secret: string) =>
      target.request('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          environment: 'qa',
          providerId: 100,
          clientId: canary.clientId,
          clientSecret: secret,
        }),
      });
    // Not trusted: every spoofed address is the same peer, so six failures lock the pair.
    await sequentially(6, (index) => attempt(proxy, `192.0.2.${index + 1}`, 'wrong'));
    expect((await attempt(proxy, '192.0.2.99', canary.secret)).status).toBe(429);

    const trusted = await startProxy(upstream.url, { trustedProxies: ['127.0.0.1/32'] });
    await sequentially(6, (index) => attempt(trusted, `2001:db8:5:6::${index + 1}`, 'wrong'));
    // Another address of the same /64 shares the lock; another /64 does not.
    expect((await attempt(trusted, '2001:db8:5:6:ffff::1', canary.secret)).status).toBe(429);
    expect((await attempt(trusted, '2001:db8:5:7::1', canary.secret)).status).toBe(200);
    await trusted.close();
  });

  test('a burst of parallel wrong logins cannot slip past the limit', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => proxy.login({ clientSecret: `burst-${attempt}` })),
    );
    const statuses = responses.map(({ response }) => response.status).sort();
    // Five free failures, the sixth counted and locking: the other fourteen wait.
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    expect(upstream.tokenCalls()).toHaveLength(6);
  });
});
