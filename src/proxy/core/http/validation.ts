// Request bodies, queries and params are validated by Hono's validator (`@hono/zod-validator`), so
// a handler reads `c.req.valid(...)`; a value the schema refuses is a 400 in the route's own words.
// The JSON routes' bodies are read strictly first (`jsonBodies`): at most 1 MiB (Hono's body
// limit), `application/json` when there is a body, and UTF-8 that decodes without replacement.
import { zValidator } from '@hono/zod-validator';
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import type { $ZodType } from 'zod/v4/core';
import { isJsonContentType, parseJson, type ProxyEnv } from './context.ts';
import { refuse } from './refusal.ts';

export const bodyLimitBytes = 1024 * 1024;

const limit = bodyLimit({
  maxSize: bodyLimitBytes,
  onError: () =>
    refuse(413, 'payload_too_large', 'The body is larger than 1 MiB.', { headers: { connection: 'close' } }),
});

/** A GET or HEAD has no body in either host (Fetch forbids one): nothing to limit or read. */
export const bodiless = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The one body limit: an oversized body is refused before it is read whole (413, connection closed).
 * A bodiless request is not asked for its body: asking makes the Node host build the whole web
 * Request, about a sixth of a forwarded GET's CPU (issue 48, profiled in the bench's proxy rounds).
 */
export const limitBodies = createMiddleware<ProxyEnv>((c, next) =>
  bodiless(c.req.method) ? next() : limit(c, next),
);

/** A JSON route's body, parsed once and strictly, for the validators after it. */
export const jsonBodies = createMiddleware<ProxyEnv>(async (c, next) => {
  if (bodiless(c.req.method)) return next();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) {
    c.req.bodyCache.json = Promise.resolve(undefined);
    return next();
  }
  if (!isJsonContentType(c.req.header('content-type')))
    refuse(415, 'unsupported_media_type', 'Send the body as application/json.');
  const json = parseJson(bytes);
  if (!json) refuse(400, 'invalid_request', 'The body is not valid JSON.');
  c.req.bodyCache.json = Promise.resolve(json.value);
  return next();
});

const refusing = (words: string) => (result: { success: boolean }) => {
  if (!result.success) refuse(400, 'invalid_request', words);
};

/** The body, checked by `schema`; refused with `words` (what to send instead). */
export const json = <T extends $ZodType>(schema: T, words: string) =>
  zValidator('json', schema, refusing(words));

/** The query string, checked by `schema`; refused with `words`. */
export const query = <T extends $ZodType>(schema: T, words: string) =>
  zValidator('query', schema, refusing(words));

/** The path's params, checked by `schema`; refused with `words`. */
export const params = <T extends $ZodType>(schema: T, words: string) =>
  zValidator('param', schema, refusing(words));
