// Once per run, before the Node tests: the embedded database's template cluster, which every test
// that starts a proxy copies (src/proxy/testing/data-dir.ts, docs/decisions/0018).
import { ensureTemplate } from '../../scripts/data-dir.ts';

export default async function setup(): Promise<void> {
  await ensureTemplate();
}
