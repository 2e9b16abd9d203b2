// /api/centres: the child list (spec 4.5) as the proxy answers it from its per-parent index
// (features/api/centre-index.ts, docs/decisions/0024). `GET /api/centres/{id}` is one centre's own
// record, the one small answer a centre's page needs; `GET /api/centres` a page of the list,
// searched and sorted here (4.5 has neither). Both read only the index of the session's own
// credentials owner, filled with its own token: another parent's centre is never served.
import { Hono } from 'hono';
import { centrePageQuerySchema, type CentreRecord } from '../../../proxy-api/centres.ts';
import { childCentersPageSchema } from '../../../contract/operations/list-child-centers.ts';
import { envelopePayload } from '../../../contract/schemas.ts';
import type { CentreList, Fill } from './centre-index.ts';
import { centrePage } from './centre-pages.ts';
import { centreScope } from './scope.ts';
import { fail, parseJson, type Ctx, type ProxyEnv } from '../../core/http/context.ts';
import type { AppDeps } from '../../deps.ts';
import { baseUrlOf, environmentLabels, operationsFor } from '../../core/upstream/environments.ts';
import { authorize, unauthenticated } from '../people/authorize-legacy.ts';
import { relayAnswer } from './relay.ts';
import { sessionCaller } from './session-call.ts';

const listAnswerSchema = envelopePayload(childCentersPageSchema);

export function centreRoutes(deps: AppDeps) {
  const { log, centreIndex } = deps;
  const callWithSession = sessionCaller(deps);
  const routes = new Hono<ProxyEnv>();

  /** The session's index: read (or filled with its token), or the answer that refused it. */
  const indexOf = async (c: Ctx, operation: 'listCentres' | 'getCentre') => {
    c.set('operation', 'listChildCenters');
    // THE table (src/proxy-api/permissions.ts): what 4.5 itself needs.
    const authorized = await authorize(deps, c, operation);
    if (authorized instanceof Response) return authorized;
    const { session, access } = authorized;
    const env = deps.environments.get(session.environment);
    if (!env) return unauthenticated(deps, c, 'expired');
    if (!operationsFor(env.id).includes('listChildCenters'))
      return fail(c, 404, 'not_found', `The ${environmentLabels[env.id]} environment has no such operation.`);
    // 4.5 without a limit: every child of the authenticated parent (D5), its own id in the path (D3).
    const fill: Fill = async () => {
      const url = `${baseUrlOf(env)}/core/v1/provider/${session.providerId}/child`;
      const result = await callWithSession(
        c,
        session,
        env,
        'listChildCenters',
        { method: 'GET', url },
        { access },
      );
      if (result.kind === 'failed') {
        const response = result.response;
        const bytes = new Uint8Array(await response.arrayBuffer());
        return {
          kind: 'refused',
          answer: () => new Response(bytes.slice(), { status: response.status, headers: response.headers }),
        };
      }
      const { outcome } = result;
      // Read whole (no streamWhen), so never a stream here.
      const body = outcome.kind === 'response' ? outcome.body : new Uint8Array();
      const json = outcome.status === 200 ? parseJson(body) : undefined;
      const parsed = json && listAnswerSchema.safeParse(json.value);
      if (parsed?.success) return { kind: 'centres', centres: parsed.data.data };
      if (json)
        log.warn({ event: 'upstream_bad_response', operation: 'listChildCenters' }, 'child list unreadable');
      const status = outcome.status === 200 ? 502 : outcome.status;
      return {
        kind: 'refused',
        answer: () =>
          outcome.status === 200
            ? fail(c, 502, 'upstream_bad_response', 'The service sent a child list that is not one.')
            : relayAnswer(log, c, status, outcome.headers, body, 'listChildCenters'),
      };
    };
    const scope = centreScope(session);
    const read = await centreIndex.read(scope, fill);
    return { read, refresh: (list: CentreList) => centreIndex.refresh(scope, list, fill) };
  };

  routes.get('/', async (c) => {
    const query = centrePageQuerySchema.safeParse(c.req.query());
    if (!query.success)
      return fail(
        c,
        400,
        'invalid_request',
        'The parameters are: q (up to 200 characters), sort (name, id, country or city), dir (asc or desc), offset and limit (whole numbers, limit up to 500).',
      );
    const index = await indexOf(c, 'listCentres');
    if (index instanceof Response) return index;
    if (index.read.kind === 'refused') return index.read.answer();
    return c.json(centrePage(index.read, query.data));
  });

  routes.get('/:id', async (c) => {
    const raw = c.req.param('id');
    if (!/^[1-9]\d{0,15}$/.test(raw)) return fail(c, 404, 'not_found', 'There is no such centre.');
    const index = await indexOf(c, 'getCentre');
    if (index instanceof Response) return index;
    const id = Number(raw);
    const first = index.read;
    // A centre the index does not know may be new (created elsewhere than through this proxy): the
    // service is asked once more before the answer is no (centre-index.ts bounds how often).
    const list = first.kind === 'list' && !first.byId.has(id) ? await index.refresh(first) : first;
    if (list.kind === 'refused') return list.answer();
    const centre = list.byId.get(id);
    // Not among the children of the session's own parent: whoever's it is, it is not served.
    if (!centre) return fail(c, 404, 'not_found', 'There is no such centre among your centres.');
    const body: CentreRecord = { centre };
    return c.json(body);
  });

  routes.all('*', (c) =>
    fail(c, 405, 'method_not_allowed', 'The centres are read with GET.', { allow: 'GET' }),
  );
  return routes;
}
