// Where a chat webhook may point (issue 46 M1; docs/decisions/0027): the proxy posts to it from its
// own network, so an address inside that network would make the proxy a scanner of it. Web-standard
// (the connections' routes run in the browser's demo worker too), so no DNS here: the names are
// checked when saved, and the addresses they resolve to again at send time (webhook-transport.ts).
import ipaddr from 'ipaddr.js';

/** The code a refused address carries (core/log/error-codes.ts reads it; webhook.ts classes it). */
export const addressRefusedCode = 'WEBHOOK_ADDRESS_REFUSED';

/** What this deployment lets a webhook reach besides public addresses. */
export interface WebhookReach {
  /** Loopback (and plain http to it): beside the demo or development only, never with production. */
  local: boolean;
  /** WEBHOOK_ALLOWED_HOSTS: when any, a hook's host must be one of them (`*.domain`: its subdomains). */
  allowedHosts?: readonly string[] | undefined;
}

/** Local hooks are for the demo and development: a production upstream rules them out. */
export function webhookReachOf(
  environmentIds: Iterable<string>,
  allowedHosts: readonly string[] = [],
): WebhookReach {
  const ids = new Set(environmentIds);
  return { local: !ids.has('production') && (ids.has('demo') || ids.has('development')), allowedHosts };
}

/** Whether a host is on the allow-list (an empty one allows every host the rest allows). */
function listed(host: string, allowedHosts: readonly string[] | undefined): boolean {
  if (!allowedHosts || allowedHosts.length === 0) return true;
  return allowedHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/**
 * Whether an address may be posted to: public unicast only (ipaddr.js's `unicast` is what none of
 * its special ranges holds), loopback too when the reach is local. IPv4-mapped IPv6 is read as the
 * IPv4 address it carries; 6to4, Teredo and NAT64 forms, which carry one as well, are refused.
 * Private (RFC 1918), CGNAT, link-local (169.254.169.254, the clouds' metadata), unique-local,
 * multicast, unspecified and reserved ranges are never public.
 */
export function addressAllowed(address: string, reach: WebhookReach): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (reach.local && range === 'loopback');
}

/** Names only a local network answers: mDNS, the clouds' metadata names, RFC 8375's home.arpa. */
const localSuffix = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa)$/;

/**
 * Whether a URL's host may be posted to (its hostname as `URL` gives it: every numeric spelling of
 * an IPv4 address, `127.1` or `0x7f.1`, is normalised to dotted decimal there). A single-label name
 * (`metadata`, `intranet-host`) resolves through the local search domains only: refused too.
 */
export function hostAllowed(hostname: string, reach: WebhookReach): boolean {
  const bare = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (!listed(bare, reach.allowedHosts)) return false;
  if (ipaddr.IPv6.isValid(bare) || ipaddr.IPv4.isValidFourPartDecimal(bare))
    return addressAllowed(bare, reach);
  if (bare === 'localhost' || bare.endsWith('.localhost')) return reach.local;
  if (/^[\d.]+$/.test(bare) || bare.startsWith('0x')) return false;
  return bare.includes('.') && !localSuffix.test(bare);
}
