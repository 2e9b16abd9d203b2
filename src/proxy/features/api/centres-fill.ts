// The session's own index of the child list (docs/decisions/0024), filled from 4.5 with its token
// when the index has nothing fresh: without a limit, every child of the authenticated parent (D5),
// its own id in the path (D3). A refusal on the way (the session ended, the service unreachable) is
// thrown to every read that waited on the fill.
import { childCentersPageSchema } from '../../../contract/operations/list-child-centers.ts';
import { envelopePayload } from '../../../contract/schemas.ts';
import { parseJson, type Ctx, type Logger } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import { baseUrlOf } from '../../core/upstream/environments.ts';
import type { CentreIndex, CentreList, Fill } from './centre-index.ts';
import { relayAnswer } from './relay.ts';
import { centreScope } from './scope.ts';
import { callWithSession, type SessionCallDeps } from './session-call.ts';

const listAnswerSchema = envelopePayload(childCentersPageSchema);

export interface CentreFillDeps {
  centreIndex: CentreIndex;
  calls: SessionCallDeps;
  log: Logger;
}

/** After `permit` and `sessionEnvironment`: the index of the session on `c`, read or refreshed. */
export function sessionIndex(deps: CentreFillDeps, c: Ctx) {
  const session = c.get('session');
  const env = c.get('environment');
  const fill: Fill = async () => {
    const url = `${baseUrlOf(env)}/core/v1/provider/${session.providerId}/child`;
    const outcome = await callWithSession(
      deps.calls,
      c,
      session,
      env,
      'listChildCenters',
      { method: 'GET', url },
      { access: c.get('access') },
    );
    // Read whole (no streamWhen), so never a stream here.
    const body = outcome.kind === 'response' ? outcome.body : new Uint8Array();
    if (outcome.status !== 200)
      return {
        kind: 'refused',
        answer: () => relayAnswer(deps.log, c, outcome.status, outcome.headers, body, 'listChildCenters'),
      };
    const json = parseJson(body);
    const parsed = json && listAnswerSchema.safeParse(json.value);
    if (parsed?.success) return { kind: 'centres', centres: parsed.data.data };
    if (json)
      deps.log.warn(
        { event: 'upstream_bad_response', operation: 'listChildCenters' },
        'child list unreadable',
      );
    return refuse(502, 'upstream_bad_response', 'The service sent a child list that is not one.');
  };
  const scope = centreScope(session);
  return {
    read: () => deps.centreIndex.read(scope, fill),
    refresh: (list: CentreList) => deps.centreIndex.refresh(scope, list, fill),
  };
}
