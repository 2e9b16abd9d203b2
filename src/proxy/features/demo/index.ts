// What the demo feature offers the others: every other feature imports it from here (docs/architecture.md).
export type { DemoGuard } from './guard.ts';
export type { DemoQuota } from './quota.ts';
export type { CaughtMail, DemoMailbox } from './mailbox.ts';
