// The watcher's backoff on a test clock: what it waits, when it retries, when it gives up a call
// and when it takes the upstream as down (docs/decisions/0025).
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../contract/api-error.ts';
import { err, ok, type Result } from '../../../contract/result.ts';
import { createPacer, UpstreamDown } from './pacing.ts';

const options = { baseMs: 100, maxMs: 10_000, attempts: 4 };

function testClock() {
  const waits: number[] = [];
  const clock = {
    at: 0,
    now: () => clock.at,
    async sleep(ms: number) {
      waits.push(ms);
      clock.at += ms;
    },
  };
  return { clock, waits };
}

/** A call answering each of `answers` in turn (a status, or 200 for a success). */
function answering(...answers: { status: number; retryAfter?: number }[]) {
  let calls = 0;
  const call = async (): Promise<Result<string, ApiError>> => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (!answer || answer.status === 200) return ok('read');
    return err(new ApiError({ kind: 'http', status: answer.status, retryAfterSeconds: answer.retryAfter }));
  };
  return { call, calls: () => calls };
}

describe('the pacer', () => {
  test('a 5xx is retried after a pause that doubles with each failure in a row', async () => {
    const { clock, waits } = testClock();
    const pacer = createPacer(options, clock);
    const upstream = answering({ status: 503 }, { status: 502 }, { status: 200 });
    expect(await pacer.run(upstream.call)).toEqual(ok('read'));
    expect(waits).toEqual([100, 200]);
  });

  test('a 429 waits what its Retry-After asks, then the next failure starts from the base again', async () => {
    const { clock, waits } = testClock();
    const pacer = createPacer(options, clock);
    expect(await pacer.run(answering({ status: 429, retryAfter: 3 }, { status: 200 }).call)).toEqual(
      ok('read'),
    );
    expect(await pacer.run(answering({ status: 500 }, { status: 200 }).call)).toEqual(ok('read'));
    expect(waits).toEqual([3_000, 100]);
  });

  test('an answer that is no failure of the service (a 404) comes back at once, unretried', async () => {
    const { clock, waits } = testClock();
    const upstream = answering({ status: 404 });
    const result = await createPacer(options, clock).run(upstream.call);
    expect(result.ok ? undefined : result.error.status).toBe(404);
    expect([upstream.calls(), waits.length]).toEqual([1, 0]);
  });

  test('a call that keeps failing while others answer is given up after its attempts, not the upstream', async () => {
    const { clock } = testClock();
    const pacer = createPacer(options, clock);
    const failing = answering({ status: 503 });
    const healthy = answering({ status: 200 });
    const results = await Promise.all([
      pacer.run(failing.call),
      pacer.run(healthy.call),
      pacer.run(healthy.call),
    ]);
    expect(results[0]?.ok).toBe(false);
    expect(failing.calls()).toBe(options.attempts);
    expect(pacer.isDown()).toBe(false);
  });

  test('failures in a row take the upstream as down: every call then stops at once, unsent', async () => {
    const { clock } = testClock();
    const pacer = createPacer(options, clock);
    await expect(pacer.run(answering({ status: 503 }).call)).rejects.toBeInstanceOf(UpstreamDown);
    const after = answering({ status: 200 });
    await expect(pacer.run(after.call)).rejects.toBeInstanceOf(UpstreamDown);
    expect(after.calls()).toBe(0);
  });

  test('a Retry-After longer than the longest pause is taken as down rather than waited', async () => {
    const { clock, waits } = testClock();
    const pacer = createPacer(options, clock);
    await expect(pacer.run(answering({ status: 429, retryAfter: 3_600 }).call)).rejects.toBeInstanceOf(
      UpstreamDown,
    );
    expect(waits).toEqual([]);
  });
});
