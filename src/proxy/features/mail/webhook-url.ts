// What a connection's chat webhook may be (docs/decisions/0027), apart from the poster so that the
// connections' routes (which also run in the browser's demo worker) take only this.
import { z } from 'zod';
import { isLoopbackHost } from '../../core/http/loopback.ts';
import { hostAllowed, type WebhookReach } from './webhook-target.ts';

/**
 * https to a public host; plain http and loopback only where the reach is local (beside the demo or
 * development, never with a production upstream: issue 46 M1). No credentials or fragment.
 */
export function webhookUrlFor(reach: WebhookReach) {
  return z
    .string()
    .trim()
    .max(2_000, 'must be at most 2,000 characters')
    .refine(
      (value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        if (url.username || url.password || url.hash) return false;
        if (!hostAllowed(url.hostname, reach)) return false;
        return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
      },
      { message: 'must be an https:// address of a public host, without credentials' },
    );
}
