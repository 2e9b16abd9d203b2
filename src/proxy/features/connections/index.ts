// What the connections feature offers the others: every other feature imports it from here (docs/architecture.md).
export type { WebhookStore } from './webhook-repository.ts';
