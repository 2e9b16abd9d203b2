// /api/centres: the child list (spec 4.5) as the proxy answers it from its per-parent index
// (features/api/centre-index.ts, docs/decisions/0024). `GET /api/centres/{id}` is one centre's own
// record, the one small answer a centre's page needs; `GET /api/centres` a page of the list,
// searched and sorted here (4.5 has neither). Both read only the index of the session's own
// credentials owner, filled with its own token: another parent's centre is never served.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { centrePageQuerySchema, type CentreRecord, type OwnCentre } from '../../../proxy-api/centres.ts';
import type { Logger, ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { query } from '../../core/http/validation.ts';
import type { CentreIndex } from './centre-index.ts';
import { centrePage } from './centre-pages.ts';
import { sessionIndex } from './centres-fill.ts';
import { sessionEnvironment, type EnvironmentDeps } from './environment.ts';
import type { SessionCallDeps } from './session-call.ts';

export interface CentreRouteDeps extends EnvironmentDeps {
  centreIndex: CentreIndex;
  calls: SessionCallDeps;
  log: Logger;
  /** The name the watcher last read for a centre in its parent's list, in an environment. */
  ownCentreName?: (environment: string, centreId: number) => Promise<string | null>;
}

const pageQuery = query(
  centrePageQuerySchema,
  'The parameters are: q (up to 200 characters), sort (name, id, country or city), dir (asc or desc), offset and limit (whole numbers, limit up to 500).',
);

/** A centre's id in the path: anything else names no centre. */
const centreId = createMiddleware<ProxyEnv>(async (c, next) => {
  if (!/^[1-9]\d{0,15}$/.test(c.req.param('id') ?? '')) refuse(404, 'not_found', 'There is no such centre.');
  await next();
});

/** Both routes read what 4.5 reads, for the log line and THE table (src/proxy-api/permissions.ts). */
const readingChildren = createMiddleware<ProxyEnv>(async (c, next) => {
  c.set('operation', 'listChildCenters');
  await next();
});

export function centreRoutes(deps: CentreRouteDeps) {
  const { auth } = deps;
  const inEnvironment = sessionEnvironment(deps, 'listChildCenters');
  return new Hono<ProxyEnv>()
    .get('/own', auth.permit('getOwnCentre'), async (c) => {
      const { environment, providerId, providerVerified } = c.var.session;
      // Only a provider id the service confirmed for these credentials is named (D3): an
      // unverified one could be anyone's.
      const name = providerVerified ? ((await deps.ownCentreName?.(environment, providerId)) ?? null) : null;
      const body: OwnCentre = { name };
      return c.json(body);
    })
    .get('/', pageQuery, readingChildren, auth.permit('listCentres'), inEnvironment, async (c) => {
      const index = sessionIndex(deps, c);
      const read = await index.read();
      if (read.kind === 'refused') return read.answer();
      return c.json(centrePage(read, c.req.valid('query')));
    })
    .get('/:id', centreId, readingChildren, auth.permit('getCentre'), inEnvironment, async (c) => {
      const id = Number(c.req.param('id'));
      const index = sessionIndex(deps, c);
      const first = await index.read();
      // A centre the index does not know may be new (created elsewhere than through this proxy): the
      // service is asked once more before the answer is no (centre-index.ts bounds how often).
      const list = first.kind === 'list' && !first.byId.has(id) ? await index.refresh(first) : first;
      if (list.kind === 'refused') return list.answer();
      const centre = list.byId.get(id);
      // Not among the children of the session's own parent: whoever's it is, it is not served.
      if (!centre) refuse(404, 'not_found', 'There is no such centre among your centres.');
      const body: CentreRecord = { centre };
      return c.json(body);
    })
    .all('*', () =>
      refuse(405, 'method_not_allowed', 'The centres are read with GET.', { headers: { allow: 'GET' } }),
    );
}
