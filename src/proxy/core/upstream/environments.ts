// The environments the proxy offers (spec §9: development, QA, production; D11: the demo, the
// simulator in-process). Web-standard: the Node host and the in-browser host both import it.
import { operationsInEnvironment, type OperationId } from './operations.ts';

export const environmentIds = ['demo', 'development', 'qa', 'production'] as const;
export type EnvironmentId = (typeof environmentIds)[number];
export type UpstreamEnvironmentId = Exclude<EnvironmentId, 'demo'>;

export type EnvironmentConfig =
  | { id: 'demo'; templatesPrefix: string }
  | { id: UpstreamEnvironmentId; baseUrl: string; templatesPrefix: string };

export const environmentLabels: Record<EnvironmentId, string> = {
  demo: 'Demo (simulator)',
  development: 'Development',
  qa: 'QA',
  production: 'Production',
};

/** The embedded simulator answers any origin; the demo's requests carry this one. */
export const demoBaseUrl = 'http://simulator.invalid';

export function baseUrlOf(env: EnvironmentConfig): string {
  return env.id === 'demo' ? demoBaseUrl : env.baseUrl;
}

export function operationsFor(environment: EnvironmentId): OperationId[] {
  // D3: the development environment has only the token and doctor registration.
  return operationsInEnvironment(environment);
}

/**
 * D12: the demo seed's two logins, kept on the server so that the console's demo buttons send
 * only which one (`POST /auth/demo-login`), never a secret: a built console holds none.
 */
export const demoLogins = {
  parent: { providerId: 100, clientId: 'demo-parent', clientSecret: 'demo-parent-secret' },
  processor: { providerId: 200, clientId: 'demo-processor', clientSecret: 'demo-processor-secret' },
} as const;
