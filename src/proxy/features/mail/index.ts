// What the mail feature offers the others: every other feature imports it from here (docs/architecture.md).
export { webhookUrl } from './webhook-url.ts';
