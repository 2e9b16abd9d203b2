// The webhook's transport in the Node host (issue 46 M1): a name that passed when it was saved may
// resolve anywhere by the time of sending (DNS rebinding), so every address it resolves to is checked
// again in the socket's own lookup, and the socket connects to a checked address only; no second
// resolution happens between the check and the connection. Literal addresses skip the lookup, so the
// poster checks the URL's host too (webhook.ts).
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { createUpstreamPool, type UpstreamPool } from '../../core/upstream/pool.ts';
import { addressAllowed, addressRefusedCode, type WebhookReach } from './webhook-target.ts';

/** Resolves a name to all its addresses (node:dns `lookup` by default; tests answer their own). */
export type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, options, callback);

class AddressRefused extends Error {
  override name = 'AddressRefused';
  readonly code = addressRefusedCode;
}

/** A socket lookup that answers only the addresses the reach allows, and fails when none is. */
export function guardedLookup(reach: WebhookReach, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    resolve(hostname, { family, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((entry) => addressAllowed(entry.address, reach));
      const [first] = allowed;
      if (!first) return callback(new AddressRefused('no allowed address'), '', 0);
      if (options.all === true) return callback(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
}

export interface WebhookTransportOptions {
  reach: WebhookReach;
  resolve?: Resolve;
  /** Extra trusted certificates (tests' own authority). */
  ca?: string;
  /** Tests only: where a checked address is reached (a public one, on a loopback server). */
  dial?: (checked: LookupFunction) => LookupFunction;
}

/** A small pool of its own: webhooks never share the upstream's sockets or its limits. */
export function createWebhookTransport(options: WebhookTransportOptions): UpstreamPool {
  return createUpstreamPool({
    connections: 4,
    connect: {
      lookup: (options.dial ?? ((checked) => checked))(guardedLookup(options.reach, options.resolve)),
      ...(options.ca !== undefined && { ca: options.ca }),
    },
  });
}
