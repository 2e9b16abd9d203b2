// What the mail feature offers the others: every other feature imports it from here (docs/architecture.md).
export { webhookUrlFor } from './webhook-url.ts';
export { webhookReachOf, type WebhookReach } from './webhook-target.ts';
