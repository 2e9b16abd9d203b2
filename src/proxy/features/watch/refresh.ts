// One refresh of one stored connection (issue 26, docs/decisions/0025): a token with the
// connection's unsealed secret (4.1, the proxy's own token code), the parent's children (4.5), then
// each centre's licence summary (4.7) and, where BASIC limits or TRIAL expiry need it, its doctors
// (4.6), at most `concurrency` requests in flight, paced by one backoff. Every answer is read
// through the proxy's bounded upstream call (deadline, size cap; docs/decisions/0020) and parsed
// with the contract's schemas. What changed is written; nothing else is.
import pLimit from 'p-limit';
import type { ApiError } from '../../../contract/api-error.ts';
import { getLicenses } from '../../../contract/operations/get-licenses.ts';
import { listChildCenters } from '../../../contract/operations/list-child-centers.ts';
import { listDoctorsWithLicenses } from '../../../contract/operations/list-doctors-with-licenses.ts';
import { err, ok, type Result } from '../../../contract/result.ts';
import type { ChildListItem } from '../../../contract/schemas.ts';
import type { Logger } from '../../core/http/context.ts';
import type { Fetched, RefreshOutcome, WatchRepository } from './repository.ts';
import { baseUrlOf, type EnvironmentConfig } from '../../core/upstream/environments.ts';
import type { Connection, Directory } from '../people/index.ts';
import type { TokenOutcome } from '../../core/upstream/token.ts';
import type { FetchLike } from '../../core/upstream/upstream.ts';
import { changesBetween } from './changes.ts';
import { createPacer, limitedTransport, UpstreamDown, type BackoffOptions } from './pacing.ts';
import { UpstreamCalls, type Pacer } from './upstream-calls.ts';
import type { Snapshot } from './snapshots.ts';
import { needsRoster, stateOf, type Roster, type Summary } from '../../../proxy-api/centre-state.ts';
import { boundedText } from '../../../proxy-api/bounded-text.ts';

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

const nothing = { centres: 0, failedCentres: 0, changed: 0, changes: 0 };

/** A centre's state: its licence summary (4.7) and, where the rules need it, its doctors (4.6). */
async function stateFor(calls: UpstreamCalls, centre: ChildListItem) {
  const licences = await calls.call((c) => getLicenses(c, { providerId: centre.id }));
  let summary: Summary;
  if (licences.ok && licences.value.shape !== 'licenses') summary = licences.value;
  else if (!licences.ok && licences.error.status === 404) summary = { shape: 'no-contract' };
  else return undefined;
  const roster = needsRoster(summary) ? await rosterOf(calls, centre.id) : undefined;
  if (roster && !roster.ok) return undefined;
  return stateOf(summary, roster?.value);
}

async function rosterOf(calls: UpstreamCalls, providerId: number): Promise<Result<Roster, ApiError>> {
  const doctors: Roster['doctors'] = [];
  for (let page = 0; page < maxRosterPages; page += 1) {
    // oxlint-disable-next-line no-await-in-loop -- pages one after the other: one slot per centre
    const answer = await calls.call((c) =>
      listDoctorsWithLicenses(c, { providerId, limit: 100, offset: doctors.length }),
    );
    if (!answer.ok) return err(answer.error);
    doctors.push(...answer.value.doctors);
    if (answer.value.doctors.length === 0 || doctors.length >= answer.value.meta.total)
      return ok({ doctors, billing: answer.value.billing, suspension: answer.value.suspension });
  }
  return ok({ doctors, billing: { mode: 'PROCESSOR', managedBy: null }, suspension: { suspended: false } });
}

/**
 * The first token, and the connection's refused flag set or cleared by its outcome (docs/decisions/
 * 0023); a refresh result when the refresh stops here.
 */
async function signIn(
  deps: RefreshDeps,
  connection: Connection,
  calls: UpstreamCalls,
): Promise<RefreshResult | undefined> {
  let first: TokenOutcome;
  try {
    first = await calls.token;
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
  return undefined;
}

/** The parent's children (4.5), or undefined when the service refused or is down. */
async function childrenOf(deps: RefreshDeps, connection: Connection, calls: UpstreamCalls) {
  try {
    const listed = await calls.call((c) => listChildCenters(c, { providerId: connection.providerId }));
    if (listed.ok) return listed.value.data;
    deps.log.warn(
      { event: 'watch_list_failed', connectionId: connection.id, status: listed.error.status },
      'the child list could not be read',
    );
    return undefined;
  } catch (error) {
    if (error instanceof UpstreamDown) return undefined;
    throw error;
  }
}

/** Reads every centre's state, at most `concurrency` at once, writing what it read in batches. */
async function readCentres(
  deps: RefreshDeps,
  connection: Connection,
  work: { calls: UpstreamCalls; pacer: Pacer; children: ChildListItem[]; previous: Map<number, Snapshot> },
  at: Date,
) {
  const { calls, pacer, previous } = work;
  const pool = pLimit(deps.concurrency);
  const pending: Fetched[] = [];
  let writing = Promise.resolve();
  const flush = (all: boolean) => {
    if (pending.length < (all ? 1 : batch)) return writing;
    const part = pending.splice(0, pending.length);
    writing = writing.then(() => deps.repository.write(connection.id, at, part));
    return writing;
  };
  const counts = { failedCentres: 0, changed: 0, changes: 0 };
  await Promise.all(
    work.children.map((centre) =>
      pool(async () => {
        if (pacer.isDown()) return;
        let state;
        try {
          state = await stateFor(calls, centre);
        } catch (error) {
          if (error instanceof UpstreamDown) return;
          throw error;
        }
        if (!state) {
          counts.failedCentres += 1;
          return;
        }
        const before = previous.get(centre.id);
        const found = changesBetween(before?.state, state);
        // Listed again after 4.5 had dropped it: that is a change too.
        if (before && !before.listed) found.push({ kind: 'listed', before: false, after: true });
        if (found.length > 0) {
          counts.changed += 1;
          counts.changes += found.length;
        }
        // Cut where it enters (issue 46 L2): snapshots, alerts, e-mail and chat carry this copy.
        pending.push({ centreId: centre.id, name: boundedText(centre.name), state, changes: found });
        void flush(false);
      }),
    ),
  );
  await flush(true);
  return counts;
}

export async function refreshConnection(
  deps: RefreshDeps,
  connection: Connection,
  env: EnvironmentConfig,
): Promise<RefreshResult> {
  const secret = await deps.directory.connectionSecret(connection.id);
  if (secret === undefined) return { outcome: 'failed', ...nothing };
  const pacer = createPacer(deps.backoff);
  const calls = new UpstreamCalls({
    transport: limitedTransport(baseUrlOf(env), deps.concurrency, deps.transport),
    env,
    credentials: { clientId: connection.clientId, clientSecret: secret },
    pacer,
    tokenTimeoutMs: deps.tokenTimeoutMs,
    apiTimeoutMs: deps.apiTimeoutMs,
    maxAnswerBytes: deps.maxAnswerBytes,
  });
  const stopped = await signIn(deps, connection, calls);
  if (stopped) return stopped;
  const children = await childrenOf(deps, connection, calls);
  if (!children) return { outcome: 'unavailable', ...nothing };

  await deps.repository.listed(connection.id, children.length);
  const previous = await deps.repository.snapshots(connection.id);
  const at = new Date(deps.now());
  const counts = await readCentres(deps, connection, { calls, pacer, children, previous }, at);
  const centres = children.length;
  if (pacer.isDown()) {
    deps.log.warn(
      { event: 'watch_upstream_down', connectionId: connection.id },
      'the service is down: refresh stopped',
    );
    return { outcome: 'unavailable', centres, ...counts };
  }
  // Only a whole list says a centre is gone: kept, marked "no longer listed".
  const listedIds = new Set(children.map((centre) => centre.id));
  const gone = [...previous.values()]
    .filter((s) => s.listed && !listedIds.has(s.centreId))
    .map((s) => s.centreId);
  if (gone.length > 0) await deps.repository.unlist(connection.id, gone, at);
  return {
    outcome: 'ok',
    centres,
    failedCentres: counts.failedCentres,
    changed: counts.changed + gone.length,
    changes: counts.changes + gone.length,
  };
}
