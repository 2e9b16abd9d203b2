// The core's field types for the configuration (config.ts): upstream URLs, the templates' path
// prefix (D9), positive whole numbers with a default, and a 32-byte key.
import { z } from 'zod';
import { isLoopbackHost } from '../http/loopback.ts';
import { normalizeTemplatesPrefix } from '../upstream/operations.ts';

export const upstreamUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }))
  .transform((value, ctx) => {
    const url = new URL(value);
    // A token and a client secret travel on this connection: plain http only on this machine.
    if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname)) {
      ctx.addIssue({ code: 'custom', message: 'must use https (plain http is allowed only for loopback)' });
      return z.NEVER;
    }
    if (url.username || url.password || url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'must not carry credentials, a query or a fragment' });
      return z.NEVER;
    }
    return url.href.replace(/\/+$/, '');
  });

export const templatesPrefix = z
  .string()
  .optional()
  .transform((value, ctx) => {
    try {
      return normalizeTemplatesPrefix(value ?? '');
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: error instanceof Error ? error.message : 'is not a valid path prefix',
      });
      return z.NEVER;
    }
  });

export const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,6}$/, 'must be a positive whole number')
    .transform(Number)
    .optional()
    .transform((value) => value ?? fallback);

export const encryptionKey = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    const hex = /^[0-9a-fA-F]{64}$/.test(value);
    const base64 = /^[A-Za-z0-9+/]{43}=?$/.test(value);
    if (!hex && !base64) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be 32 random bytes, as 64 hex digits or base64 (for example: openssl rand -base64 32)',
      });
      return z.NEVER;
    }
    const bytes = Buffer.from(value, hex ? 'hex' : 'base64');
    return bytes;
  });
