// Whether a host is this machine (plain http and plain SMTP are allowed only there).
import ipaddr from 'ipaddr.js';

/** A loopback name or address: `localhost`, 127.0.0.0/8 (any spelling), `::1`. */
export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'loopback';
}
