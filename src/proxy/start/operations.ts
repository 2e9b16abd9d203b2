// Start-up, before the resources open: the operations feature (metrics on their own listener, traces,
// the drain) from its own slice of the environment, refused in the configuration's words.
import { ZodError } from 'zod';
import { createOperations, type Operations } from '../features/operations/operations.ts';
import { parseOperationsConfig } from '../features/operations/config.ts';
import { refuseToStart } from './config.ts';

export function startOperations(env: Record<string, string | undefined>): Operations {
  try {
    return createOperations(parseOperationsConfig(env));
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const lines = error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    return refuseToStart(`Invalid configuration:\n${lines.join('\n')}`);
  }
}
