import { describe, expect, it } from 'vitest';
import { MAX_IN_FLIGHT, RegistrationRun, type BatchItem } from './registration-run.ts';

/** A send whose answers the test gives by hand, recording what is in flight. */
function controlledSend() {
  const pending = new Map<string, { resolve: (id: string) => void; reject: (error: unknown) => void }>();
  const sent: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = (request: string) => {
    sent.push(request);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<string>((resolve, reject) => {
      pending.set(request, {
        resolve: (id) => {
          inFlight -= 1;
          resolve(id);
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    });
  };
  return {
    send,
    sent,
    pending,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    answer(request: string, outcome: 'ok' | 'fail' = 'ok') {
      const found = pending.get(request);
      if (!found) throw new Error(`${request} is not in flight`);
      pending.delete(request);
      if (outcome === 'ok') found.resolve(`svc-${request}`);
      else found.reject(new Error(`refused ${request}`));
    },
  };
}

const items = (keys: readonly string[]): BatchItem<string>[] =>
  keys.map((key) => ({ key, prepare: () => ({ ok: true, request: key }) }));

const keys = (count: number) => Array.from({ length: count }, (_, index) => `row-${index + 1}`);

/** Lets queued promise callbacks (p-limit's, the run's) run. */
const settle = async () => {
  // oxlint-disable-next-line no-await-in-loop -- each round lets the next link of promises run
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the registration run (D4)', () => {
  it('never has more than four requests in flight, and sends every row once, in order', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start(items(keys(30)));
    await settle();
    expect(fake.inFlight()).toBe(MAX_IN_FLIGHT);
    // Answer in a scrambled order, one at a time, checking the ceiling after each.
    for (let round = 0; fake.pending.size > 0; round += 1) {
      const inFlight = [...fake.pending.keys()];
      fake.answer((round % 2 === 0 ? inFlight.at(-1) : inFlight[0]) ?? '');
      // oxlint-disable-next-line no-await-in-loop -- one answer at a time is what is measured
      await settle();
      expect(fake.inFlight()).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    }
    await run.idle();
    expect(fake.maxInFlight()).toBe(MAX_IN_FLIGHT);
    expect(run.maxInFlight).toBe(MAX_IN_FLIGHT);
    expect(fake.sent).toEqual(keys(30));
    expect(run.progress()).toMatchObject({ registered: 30, failed: 0, left: 0, running: false });
    expect(run.status('row-7')).toEqual({ state: 'registered', serviceId: 'svc-row-7' });
  });

  it('shows each row waiting, sending, then registered or failed with its error', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start(items(keys(6)));
    await settle();
    expect(run.status('row-1')).toEqual({ state: 'sending' });
    expect(run.status('row-6')).toEqual({ state: 'waiting' });
    fake.answer('row-1', 'fail');
    fake.answer('row-2');
    await settle();
    expect(run.status('row-1')).toMatchObject({ state: 'failed', kind: 'failed' });
    expect(run.status('row-2')).toEqual({ state: 'registered', serviceId: 'svc-row-2' });
    expect(run.status('row-6')).toEqual({ state: 'sending' });
    expect(run.progress()).toMatchObject({ registered: 1, failed: 1, left: 4, total: 6 });
  });

  it('never sends a registered row again, and retries a failed row alone', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start(items(keys(3)));
    await settle();
    fake.answer('row-1');
    fake.answer('row-2', 'fail');
    fake.answer('row-3');
    await run.idle();
    run.start(items(keys(3)));
    await settle();
    expect(fake.sent).toEqual(['row-1', 'row-2', 'row-3', 'row-2']);
    fake.answer('row-2');
    await run.idle();
    // The summary is the whole set's: three rows, all registered now.
    expect(run.keysIn('registered')).toEqual(['row-1', 'row-2', 'row-3']);
    expect(run.progress()).toMatchObject({ total: 3, registered: 3, failed: 0 });
  });

  it('sends a refused row again only once it changed, and a row that failed in passing as it is', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({
      send: fake.send,
      mayPassAgain: (error) => !(error instanceof Error && error.message.startsWith('refused')),
    });
    run.start(items(['refused', 'lost']));
    await settle();
    fake.answer('refused', 'fail');
    fake.pending.get('lost')?.reject(new Error('no answer'));
    fake.pending.delete('lost');
    await run.idle();
    expect(run.progress()).toMatchObject({ failed: 1, toFix: 1, refused: 1 });
    expect(run.mayGo('refused', { ok: true, request: 'refused' })).toBe(false);
    expect(run.mayGo('lost', { ok: true, request: 'lost' })).toBe(true);
    run.start(items(['refused', 'lost']));
    await settle();
    expect(fake.sent).toEqual(['refused', 'lost', 'lost']);
    fake.answer('lost');
    await run.idle();
    // Changed, the refused row goes again.
    run.start([{ key: 'refused', prepare: () => ({ ok: true, request: 'fixed' }) }]);
    await settle();
    expect(fake.sent.at(-1)).toBe('fixed');
  });

  it('fails a row that cannot be prepared without sending it, and sends the others', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start([
      { key: 'bad', prepare: () => ({ ok: false }) },
      { key: 'good', prepare: () => ({ ok: true, request: 'good' }) },
    ]);
    expect(run.status('bad')).toEqual({ state: 'failed', kind: 'invalid' });
    await settle();
    expect(fake.sent).toEqual(['good']);
  });

  it('starts nothing new while paused, lets the requests in flight finish, and carries on when resumed', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start(items(keys(10)));
    await settle();
    run.pause();
    for (const key of keys(4)) fake.answer(key);
    await settle();
    expect(fake.sent).toHaveLength(4);
    expect(run.progress()).toMatchObject({ registered: 4, left: 6, paused: true, inFlight: 0 });
    run.resume();
    await settle();
    expect(fake.sent).toEqual(keys(8));
  });

  it('holds the rows when the session ends under them, and sends them again once signed in', async () => {
    const fake = controlledSend();
    const signedOut = new Error('session ended');
    const run = new RegistrationRun({ send: fake.send, endsSession: (error) => error === signedOut });
    run.start(items(keys(6)));
    await settle();
    fake.answer('row-1');
    await settle();
    fake.pending.get('row-2')?.reject(signedOut);
    fake.pending.delete('row-2');
    await settle();
    // Not failed: the row waits, and nothing new starts.
    expect(run.status('row-2')).toEqual({ state: 'waiting' });
    expect(run.progress()).toMatchObject({ registered: 1, failed: 0, left: 5, signedOut: true });
    for (const key of ['row-3', 'row-4', 'row-5']) fake.answer(key);
    await settle();
    expect(fake.sent).toEqual(keys(5));
    run.signedIn();
    await settle();
    expect(fake.sent.slice(5).toSorted()).toEqual(['row-2', 'row-6']);
    fake.answer('row-2');
    fake.answer('row-6');
    await run.idle();
    expect(run.progress()).toMatchObject({ registered: 6, failed: 0, signedOut: false, running: false });
  });

  it('cancel sends nothing more: queued rows go back to unsent, those in flight keep their answer', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start(items(keys(10)));
    await settle();
    run.cancel();
    for (const key of keys(4)) fake.answer(key);
    await run.idle();
    await settle();
    expect(fake.sent).toEqual(keys(4));
    expect(run.status('row-4')).toMatchObject({ state: 'registered' });
    expect(run.status('row-5')).toBeUndefined();
    // Started again, only the unsent rows go.
    run.start(items(keys(10)));
    await settle();
    expect(fake.sent.slice(4)).toEqual(['row-5', 'row-6', 'row-7', 'row-8']);
  });

  it('cancel while paused releases the held rows without sending them', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start(items(keys(8)));
    await settle();
    run.pause();
    for (const key of keys(4)) fake.answer(key);
    await settle();
    run.cancel();
    await settle();
    expect(fake.sent).toEqual(keys(4));
    expect(run.progress()).toMatchObject({ registered: 4, left: 0, running: false, paused: false });
  });

  it('forgets every row when cleared, so that another file starts from nothing', async () => {
    const fake = controlledSend();
    const run = new RegistrationRun({ send: fake.send });
    run.start(items(keys(2)));
    await settle();
    run.clear();
    expect(run.status('row-1')).toEqual({ state: 'sending' });
    fake.answer('row-1');
    fake.answer('row-2');
    await run.idle();
    run.clear();
    expect(run.status('row-1')).toBeUndefined();
    expect(run.progress().total).toBe(0);
  });

  it('measures the rate over sending time, not paused time, and the time left at that rate', async () => {
    const fake = controlledSend();
    let now = 0;
    const run = new RegistrationRun({ send: fake.send, now: () => now });
    run.start(items(keys(12)));
    await settle();
    expect(run.progress().ratePerSecond).toBeUndefined();
    now = 1000;
    for (const key of keys(4)) fake.answer(key);
    await settle();
    // 4 answers in 1 s; 8 rows left → 2 s.
    expect(run.progress()).toMatchObject({ ratePerSecond: 4, remainingSeconds: 2 });
    run.pause();
    now = 61_000;
    expect(run.progress().ratePerSecond).toBe(4);
    run.resume();
    expect(run.progress().ratePerSecond).toBe(4);
  });
});
