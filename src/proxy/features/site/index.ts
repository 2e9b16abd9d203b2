// What the site feature offers the others: every other feature imports it from here (docs/architecture.md).
export type { PrerenderedLanguage } from './routes.ts';
