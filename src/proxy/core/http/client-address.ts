// The client address the login limiter counts (docs/decisions/0011). By default the socket's peer;
// with TRUSTED_PROXIES, the address in X-Forwarded-For that the nearest untrusted hop reported
// (proxy-addr, Express's reading: hops are believed only when they are in the trusted list).
// IPv6 counts per /64, since one subscriber usually holds a whole /64.
import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

export function clientAddressResolver(
  trustedProxies: readonly string[],
): (request: IncomingMessage) => { limiter: string; remote: string } {
  const trust = proxyaddr.compile([...trustedProxies]);
  return (request) => {
    const remote = proxyaddr(request, trust);
    // The audit log keeps the whole address (docs/decisions/0018); the limiter counts its /64.
    return { limiter: limiterAddress(remote), remote: remote || 'unknown' };
  };
}

/** IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 as its /64; anything else unchanged. */
export function limiterAddress(address: string): string {
  if (!ipaddr.isValid(address)) return address || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
