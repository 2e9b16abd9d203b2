// The allow-list is the contract's (src/contract/operations.ts): one reading of spec §4 shared by
// the console and the proxy. The proxy imports only this zod-only module, never the fetchers.
export {
  matchOperation,
  normalizeTemplatesPrefix,
  operations,
  operationsInEnvironment,
} from '../../../contract/operations.ts';
export type { OperationId } from '../../../contract/operations.ts';
