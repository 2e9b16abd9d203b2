// The environment a session calls (spec §2: each its own base URL and operations). A session of an
// environment this proxy no longer serves has ended; an operation its environment lacks is a 404.
import { createMiddleware } from 'hono/factory';
import type { ProxyEnv } from '../../core/http/context.ts';
import { refuse } from '../../core/http/refusal.ts';
import type { Session } from '../../core/sessions/sessions.ts';
import {
  environmentLabels,
  operationsFor,
  type EnvironmentConfig,
} from '../../core/upstream/environments.ts';
import type { OperationId } from '../../core/upstream/operations.ts';
import type { Authorization } from '../people/index.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** The session's environment, which offers the request's operation (after `sessionEnvironment`). */
    environment: EnvironmentConfig;
  }
}

export interface EnvironmentDeps {
  auth: Authorization;
  environments: ReadonlyMap<string, EnvironmentConfig>;
}

/** The session's environment when it offers `operation`; the refusal thrown otherwise. */
export function environmentOf(
  deps: EnvironmentDeps,
  session: Session,
  operation: OperationId,
): EnvironmentConfig {
  const env = deps.environments.get(session.environment);
  if (!env) return deps.auth.unauthenticated('expired');
  if (!operationsFor(env.id).includes(operation))
    refuse(404, 'not_found', `The ${environmentLabels[env.id]} environment has no such operation.`);
  return env;
}

/** After `permit`: the session's environment on `c.var`, which must offer `operation`. */
export const sessionEnvironment = (deps: EnvironmentDeps, operation: OperationId) =>
  createMiddleware<ProxyEnv>(async (c, next) => {
    c.set('environment', environmentOf(deps, c.get('session'), operation));
    await next();
  });
