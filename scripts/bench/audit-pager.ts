// The session that pages through the whole audit log, in a thread of its own (audit-scale.ts):
// parsing each page of 200 entries would otherwise hold the thread that times the other session's
// requests, and count the bench's own work as the proxy's.
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';

const input = z
  .object({
    url: z.string(),
    cookie: z.string(),
    seconds: z.number(),
    headers: z.record(z.string(), z.string()),
  })
  .parse(workerData);
const pageSchema = z.object({ entries: z.array(z.unknown()), next: z.string().nullable() });

let pages = 0;
let refused = 0;
let entries = 0;
let cursor = '';
const deadline = performance.now() + input.seconds * 1000;
while (performance.now() < deadline) {
  // oxlint-disable-next-line no-await-in-loop -- one page after the other, as an export would
  const response = await fetch(`${input.url}/audit/entries?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
    headers: { ...input.headers, cookie: input.cookie },
  });
  if (response.status === 429) {
    // The proxy's pace for one session (docs/decisions/0018): wait as it says, as the console does.
    refused += 1;
    // oxlint-disable-next-line no-await-in-loop -- as above
    await response.body?.cancel();
    // oxlint-disable-next-line no-await-in-loop -- as above
    await new Promise((resolve) =>
      setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000),
    );
    continue;
  }
  if (response.status !== 200) throw new Error(`a page answered ${response.status}`);
  // oxlint-disable-next-line no-await-in-loop -- as above
  const page = pageSchema.parse(await response.json());
  pages += 1;
  entries += page.entries.length;
  if (!page.next) break;
  cursor = page.next;
}
// oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread has no target origin
parentPort?.postMessage({ pages, entries, refused });
