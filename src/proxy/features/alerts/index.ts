// What the alerts feature offers the others: every other feature imports it from here (docs/architecture.md).
export { startAlertQueues } from './queue.ts';
export type { AlertQueueOptions } from './queue.ts';
export type { SentAgain } from './sent-again.ts';
export { raiseAlerts } from './raise.ts';
export type { RaisedAlert } from './raise.ts';
export { IMMEDIATE_RULES, soonMs } from './rules.ts';
export type { AlertLanguage, AlertView, Channels, EmailMessage, WebhookMessage } from './channels.ts';
export type { AlertRule } from './rules.ts';
