import { buildIfStale } from '../scripts/build-if-stale.ts';
import { ensureTemplate } from '../scripts/data-dir.ts';

/**
 * Once per run, before any worker starts its server (e2e/fixtures.ts): the console built as
 * `npm start` builds it, and the embedded database's template made (docs/decisions/0018), so that
 * no two workers build or initdb at the same time and each server's start is a copy.
 */
export default async function globalSetup() {
  buildIfStale();
  await ensureTemplate();
}
