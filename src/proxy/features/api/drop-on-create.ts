// Around /api (docs/decisions/0024): a create forwarded through the proxy (4.3) drops the parent's
// index, here and through the store on every instance, so that the next read of a centre or of the
// list asks the service and finds the new centre. Dropped whatever the answer: a timeout or a 5xx
// may still have created it (docs/decisions/0005: never retried for that reason).
import { createMiddleware } from 'hono/factory';
import type { Logger, ProxyEnv } from '../../core/http/context.ts';
import { errorFacts } from '../../core/log/error-codes.ts';
import type { CentreIndex } from './centre-index.ts';
import { centreScope } from './scope.ts';

export const dropCentreIndexOnCreate = (index: CentreIndex, log: Logger) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    await next();
    const forwarded = c.get('forwarded');
    if (c.get('operation') !== 'createChildCenter' || !forwarded) return;
    try {
      await index.drop(centreScope(forwarded.session));
    } catch (error) {
      // The centre exists: its answer must reach the browser (a create shown as failed is sent
      // twice). This instance has dropped its copy; others keep theirs up to the index's max age.
      log.error(
        { event: 'centre_index_not_dropped', requestId: c.get('requestId'), ...errorFacts(error) },
        'centre index not dropped',
      );
    }
  });
