// What a connection's chat webhook may be (docs/decisions/0027), apart from the poster so that the
// connections' routes (which also run in the browser's demo worker) take only this.
import { z } from 'zod';
import { isLoopbackHost } from '../../core/http/loopback.ts';

/** https only; plain http only to this machine (the demo, tests). No credentials or fragment. */
export const webhookUrl = z
  .string()
  .trim()
  .max(2_000, 'must be at most 2,000 characters')
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      if (url.username || url.password || url.hash) return false;
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
    },
    { message: 'must be an https:// address (plain http only on this machine), without credentials' },
  );
