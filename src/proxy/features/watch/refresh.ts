// One refresh of one stored connection (issue 26, docs/decisions/0025): a token with the
// connection's unsealed secret (4.1, the proxy's own token code), the parent's children (4.5), then
// each centre's licence summary (4.7) and, where BASIC limits or TRIAL expiry need it, its doctors
// (4.6), at most `concurrency` requests in flight, paced by one backoff. Every answer is read
// through the proxy's bounded upstream call (deadline, size cap; docs/decisions/0020) and parsed
// with the contract's schemas. What changed is written; nothing else is.
import { setImmediate as nextTurn } from 'node:timers/promises';
import pLimit from 'p-limit';
import { ApiError } from '../../../contract/api-error.ts';
import { getLicenses } from '../../../contract/operations/get-licenses.ts';
import { listChildCenters } from '../../../contract/operations/list-child-centers.ts';
import { listDoctorsWithLicenses } from '../../../contract/operations/list-doctors-with-licenses.ts';
import { err, ok, type Result } from '../../../contract/result.ts';
import type { ChildListItem } from '../../../contract/schemas.ts';
import type { UpstreamClient } from '../../../contract/transport.ts';
import type { Logger } from '../../core/http/context.ts';
import type { Fetched, RefreshOutcome, WatchRepository } from './repository.ts';
import { baseUrlOf, type EnvironmentConfig } from '../../core/upstream/environments.ts';
import type { Connection, Directory } from '../people/directory.ts';
import { requestToken, type TokenOutcome } from '../../core/upstream/token.ts';
import { callUpstream, type FetchLike } from '../../core/upstream/upstream.ts';
import { changesBetween } from './changes.ts';
import { createPacer, limitedTransport, UpstreamDown, type BackoffOptions } from './pacing.ts';
import { needsRoster, stateOf, type Roster, type Summary } from '../../../proxy-api/centre-state.ts';

export interface RefreshDeps {
  directory: Directory;
  repository: WatchRepository;
  /** The proxy's transport to this upstream (the embedded simulator's in the demo). */
  transport: FetchLike;
  concurrency: number;
  tokenTimeoutMs: number;
  apiTimeoutMs: number;
  maxAnswerBytes: number;
  backoff: BackoffOptions;
  now: () => number;
  log: Logger;
  /** Told when a connection's refused flag was set or cleared (every instance drops its cache). */
  connectionsChanged?: () => Promise<void>;
}

export interface RefreshResult {
  outcome: RefreshOutcome;
  centres: number;
  failedCentres: number;
  /** Centres with at least one change, and the history rows written. */
  changed: number;
  changes: number;
}

/** 4.6 pages read per centre at most (100 doctors each, D6's largest page). */
const maxRosterPages = 100;
/** Centres written per batch while the refresh goes on. */
const batch = 500;

const tokenRetryable = (outcome: TokenOutcome) =>
  outcome.kind === 'timeout' ||
  (outcome.kind === 'unavailable' &&
    (outcome.status === undefined || outcome.status === 429 || outcome.status >= 500));

export async function refreshConnection(
  deps: RefreshDeps,
  connection: Connection,
  env: EnvironmentConfig,
): Promise<RefreshResult> {
  const { log, repository } = deps;
  const nothing = { centres: 0, failedCentres: 0, changed: 0, changes: 0 };
  const secret = await deps.directory.connectionSecret(connection.id);
  if (secret === undefined) return { outcome: 'failed', ...nothing };
  const limited = limitedTransport(baseUrlOf(env), deps.concurrency, deps.transport);
  const pacer = createPacer(deps.backoff);
  const limits = { maxBytes: deps.maxAnswerBytes };
  const credentials = { clientId: connection.clientId, clientSecret: secret };

  const newToken = () =>
    pacer.retry(() => requestToken(limited, env, credentials, deps.tokenTimeoutMs, limits), tokenRetryable);
  let token: Promise<TokenOutcome> = newToken();
  let first: TokenOutcome;
  try {
    first = await token;
  } catch (error) {
    if (error instanceof UpstreamDown) return { outcome: 'unavailable', ...nothing };
    throw error;
  }
  if (first.kind === 'invalid_credentials') {
    // Paused until an admin replaces the secret (docs/decisions/0023's flag; the tick skips it).
    if (connection.refusedAt === null) {
      await deps.directory.markRefused(connection.id, deps.now());
      await deps.connectionsChanged?.();
    }
    return { outcome: 'refused', ...nothing };
  }
  if (first.kind !== 'ok') return { outcome: 'unavailable', ...nothing };
  if (connection.refusedAt !== null) {
    await deps.directory.markRefused(connection.id, null);
    await deps.connectionsChanged?.();
  }

  // The contract's client over the proxy's bounded call: one deadline and size cap for every answer
  // (the watcher only reads: its calls are GETs, with no body to pass on).
  const fetchThroughProxy: FetchLike = async (request) => {
    const outcome = await callUpstream(
      limited,
      request.url,
      { method: request.method, headers: Object.fromEntries(request.headers) },
      deps.apiTimeoutMs,
      limits,
    );
    if (outcome.kind !== 'response')
      throw new Error(outcome.kind === 'timeout' ? 'deadline passed' : outcome.reason);
    const empty = [204, 205, 304].includes(outcome.status);
    return new Response(empty ? null : outcome.body, { status: outcome.status, headers: outcome.headers });
  };
  const client = (bearer: string): UpstreamClient => ({
    baseUrl: baseUrlOf(env),
    fetch: fetchThroughProxy,
    headers: { authorization: `Bearer ${bearer}` },
    timeoutMs: deps.apiTimeoutMs + 1_000,
  });
  /** Paced, and renewed once on a 401 (a token that expired during a long refresh, D1). */
  // A turn of the event loop every 10 ms of work, taken by every call at once. Against an upstream
  // in this process (the demo's simulator) every answer is a resolved promise: without it a whole
  // pass ran as one chain of microtasks that held every other request, 4.2–6.0 s over 10,000
  // centres (docs/decisions/0018); one call waiting alone frees nothing while the others chain on.
  let turnAt = performance.now();
  let turn: Promise<void> | undefined;
  const nextTurnForAll = async () => {
    await nextTurn();
    turn = undefined;
    turnAt = performance.now();
  };
  const takeTurn = () => {
    turn ??= performance.now() - turnAt > 10 ? nextTurnForAll() : undefined;
    return turn;
  };
  const call = async <T>(
    op: (c: UpstreamClient) => Promise<Result<T, ApiError>>,
  ): Promise<Result<T, ApiError>> => {
    await takeTurn();
    const current = await token;
    // The renewal failed: nothing is sent without a token.
    if (current.kind !== 'ok') return err(new ApiError({ kind: 'http', status: 401 }));
    const result = await pacer.run(() => op(client(current.token)));
    if (result.ok || result.error.status !== 401) return result;
    if ((await token) === current) token = newToken();
    const renewed = await token;
    return renewed.kind === 'ok' ? pacer.run(() => op(client(renewed.token))) : result;
  };

  let children: ChildListItem[];
  try {
    const listed = await call((c) => listChildCenters(c, { providerId: connection.providerId }));
    if (!listed.ok) {
      log.warn(
        { event: 'watch_list_failed', connectionId: connection.id, status: listed.error.status },
        'the child list could not be read',
      );
      return { outcome: 'unavailable', ...nothing };
    }
    children = listed.value.data;
  } catch (error) {
    if (error instanceof UpstreamDown) return { outcome: 'unavailable', ...nothing };
    throw error;
  }

  const previous = await repository.snapshots(connection.id);
  const stateFor = async (centre: ChildListItem) => {
    const licences = await call((c) => getLicenses(c, { providerId: centre.id }));
    let summary: Summary;
    if (licences.ok && licences.value.shape !== 'licenses') summary = licences.value;
    else if (!licences.ok && licences.error.status === 404) summary = { shape: 'no-contract' };
    else return undefined;
    const roster = needsRoster(summary) ? await rosterOf(centre.id) : undefined;
    if (roster && !roster.ok) return undefined;
    return stateOf(summary, roster?.value);
  };
  const rosterOf = async (providerId: number): Promise<Result<Roster, ApiError>> => {
    const doctors: Roster['doctors'] = [];
    for (let page = 0; page < maxRosterPages; page += 1) {
      // oxlint-disable-next-line no-await-in-loop -- pages one after the other: one slot per centre
      const answer = await call((c) =>
        listDoctorsWithLicenses(c, { providerId, limit: 100, offset: doctors.length }),
      );
      if (!answer.ok) return err(answer.error);
      doctors.push(...answer.value.doctors);
      if (answer.value.doctors.length === 0 || doctors.length >= answer.value.meta.total)
        return ok({ doctors, billing: answer.value.billing, suspension: answer.value.suspension });
    }
    return ok({ doctors, billing: { mode: 'PROCESSOR', managedBy: null }, suspension: { suspended: false } });
  };

  const at = new Date(deps.now());
  const pool = pLimit(deps.concurrency);
  const pending: Fetched[] = [];
  let writing = Promise.resolve();
  const flush = (all: boolean) => {
    if (pending.length < (all ? 1 : batch)) return writing;
    const part = pending.splice(0, pending.length);
    writing = writing.then(() => repository.write(connection.id, at, part));
    return writing;
  };
  let failedCentres = 0;
  let changed = 0;
  let changes = 0;
  await Promise.all(
    children.map((centre) =>
      pool(async () => {
        if (pacer.isDown()) return;
        let state;
        try {
          state = await stateFor(centre);
        } catch (error) {
          if (error instanceof UpstreamDown) return;
          throw error;
        }
        if (!state) {
          failedCentres += 1;
          return;
        }
        const before = previous.get(centre.id);
        const found = changesBetween(before?.state, state);
        // Listed again after 4.5 had dropped it: that is a change too.
        if (before && !before.listed) found.push({ kind: 'listed', before: false, after: true });
        if (found.length > 0) {
          changed += 1;
          changes += found.length;
        }
        pending.push({ centreId: centre.id, name: centre.name, state, changes: found });
        void flush(false);
      }),
    ),
  );
  await flush(true);
  const centres = children.length;
  if (pacer.isDown()) {
    log.warn(
      { event: 'watch_upstream_down', connectionId: connection.id },
      'the service is down: refresh stopped',
    );
    return { outcome: 'unavailable', centres, failedCentres, changed, changes };
  }
  // Only a whole list says a centre is gone: kept, marked "no longer listed".
  const listedIds = new Set(children.map((centre) => centre.id));
  const gone = [...previous.values()]
    .filter((s) => s.listed && !listedIds.has(s.centreId))
    .map((s) => s.centreId);
  if (gone.length > 0) await repository.unlist(connection.id, gone, at);
  return {
    outcome: 'ok',
    centres,
    failedCentres,
    changed: changed + gone.length,
    changes: changes + gone.length,
  };
}
