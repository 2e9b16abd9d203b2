// What the api feature offers the others: every other feature imports it from here (docs/architecture.md).
export type { CentreIndex } from './centre-index.ts';
export { centreScope } from './scope.ts';
