// One check of the conformance run: a title that says what it proves, the call it makes through
// the contract, and the rules it then applies to the answer. A check fails on any problem: a
// strict-schema difference (unknown field, unknown value, shape), an undocumented answer, or a
// broken rule; it is skipped only when the environment lacks the data it needs.
import type { Problem } from '../openapi/response-check.ts';
import type { Answer, Caller } from './exchange.ts';

export type Outcome = 'pass' | 'fail' | 'skip';

export type CheckResult = {
  id: string;
  title: string;
  outcome: Outcome;
  /** `METHOD /path?query → status` of the call the check judged. */
  request?: string;
  ms?: number;
  problems: Problem[];
  note?: string;
};

/** What the checks share: the caller, the ids they read, and what earlier checks found. */
export type Context = {
  call: Caller;
  providerId: number;
  centreId: number;
  /** The user for 4.7 by user and 4.9 rules 2–3: given, or found by the doctor list. */
  userId: string | undefined;
  /** A licence type the centre has, found by the summary (for 4.7 by type). */
  licenceType: string | undefined;
  allowWrites: number | undefined;
};

export type Check = { id: string; title: string; run(ctx: Context): Promise<Verdict> };

/** A check's own finding, before it becomes a result. */
export type Verdict = { answer?: Answer<unknown>; rules?: Problem[]; skip?: string; note?: string };

export const rule = (message: string, at = ''): Problem => ({ kind: 'rule', at, message });

/** A rule that holds, or its problem. */
export const expectThat = (holds: boolean, message: string, at = ''): Problem[] =>
  holds ? [] : [rule(message, at)];

export const expectStatus = (answer: Answer<unknown>, status: number, why: string): Problem[] =>
  answer.exchange === undefined || answer.exchange.status === status
    ? []
    : [rule(`expected ${status} (${why}), got ${answer.exchange.status}`)];

/** Runs a check; an exception becomes a failure naming it, never a crashed run. */
export async function runCheck(check: Check, ctx: Context): Promise<CheckResult> {
  let verdict: Verdict;
  try {
    verdict = await check.run(ctx);
  } catch (error) {
    return {
      id: check.id,
      title: check.title,
      outcome: 'fail',
      problems: [rule(`the check stopped: ${error instanceof Error ? error.message : String(error)}`)],
    };
  }
  const exchange = verdict.answer?.exchange;
  // A skipped check judged nothing: what its call answered (a 403 for a child, say) is no finding.
  const problems =
    verdict.skip === undefined ? [...(verdict.answer?.problems ?? []), ...(verdict.rules ?? [])] : [];
  return {
    id: check.id,
    title: check.title,
    outcome: verdict.skip !== undefined ? 'skip' : problems.length > 0 ? 'fail' : 'pass',
    ...(exchange
      ? { request: `${exchange.method} ${exchange.target} → ${exchange.status}`, ms: exchange.ms }
      : {}),
    problems,
    ...(verdict.skip !== undefined ? { note: verdict.skip } : verdict.note ? { note: verdict.note } : {}),
  };
}
