// The conformance run: a token (4.1), then every check in turn against one environment, each
// answer read by the contract (as the console reads it) and checked strictly against the document
// generated from the same contract (docs/decisions/0009).
import { buildOpenApiDocument } from '../../src/contract/openapi/document.ts';
import { requestToken, type FetchLike } from '../../src/contract/index.ts';
import { createResponseChecker } from '../openapi/response-check.ts';
import { expectStatus, expectThat, runCheck, type Check, type CheckResult, type Context } from './check.ts';
import { readChecks } from './checks-read.ts';
import { templateChecks, writeChecks } from './checks-templates.ts';
import { createCaller } from './exchange.ts';
import type { ConformanceOptions } from './options.ts';

export type RunReport = {
  baseUrl: string;
  providerId: number;
  centreId: number;
  userId: string | undefined;
  writes: number | undefined;
  startedAt: string;
  results: CheckResult[];
  counts: Record<'pass' | 'fail' | 'skip', number>;
};

export async function runConformance(
  options: ConformanceOptions,
  hooks: { fetch?: FetchLike; onResult?: (result: CheckResult) => void } = {},
): Promise<RunReport> {
  const startedAt = new Date().toISOString();
  let token: string | undefined;
  const checker = createResponseChecker(buildOpenApiDocument({ templatesPrefix: options.templatesPrefix }));
  const call = createCaller({
    baseUrl: options.baseUrl,
    templatesPrefix: options.templatesPrefix,
    timeoutMs: options.timeoutMs,
    allowWrites: options.allowWrites !== undefined,
    checker,
    token: () => token,
    ...(hooks.fetch ? { fetch: hooks.fetch } : {}),
  });
  const ctx: Context = {
    call,
    providerId: options.providerId,
    centreId: options.centreId,
    userId: options.userId,
    licenceType: undefined,
    allowWrites: options.allowWrites,
  };
  const tokenCheck: Check = {
    id: 'token',
    title: '4.1 client credentials give a Bearer token (2.1, D1)',
    async run() {
      const answer = await call(
        (c) => requestToken(c, { clientId: options.clientId, clientSecret: options.clientSecret }),
        true,
      );
      if (!answer.result.ok) return { answer, rules: expectStatus(answer, 200, 'spec 4.1') };
      token = answer.result.value.access_token;
      return {
        answer,
        rules: expectThat(
          answer.result.value.token_type.toLowerCase() === 'bearer',
          'token_type is not Bearer (2.1)',
        ),
      };
    },
  };
  const results: CheckResult[] = [];
  const record = (result: CheckResult) => {
    results.push(result);
    hooks.onResult?.(result);
  };
  record(await runCheck(tokenCheck, ctx));
  const checks = [
    ...readChecks,
    ...templateChecks,
    ...(options.allowWrites === undefined ? [] : writeChecks),
  ];
  for (const check of checks) {
    if (token === undefined) {
      record({
        id: check.id,
        title: check.title,
        outcome: 'skip',
        problems: [],
        note: 'no token (4.1 failed)',
      });
      continue;
    }
    // oxlint-disable-next-line no-await-in-loop -- checks run one after another: later ones use what earlier ones found
    record(await runCheck(check, ctx));
  }
  const counts = { pass: 0, fail: 0, skip: 0 };
  for (const r of results) counts[r.outcome] += 1;
  return {
    baseUrl: options.baseUrl,
    providerId: options.providerId,
    centreId: options.centreId,
    userId: ctx.userId,
    writes: options.allowWrites,
    startedAt,
    results,
    counts,
  };
}
