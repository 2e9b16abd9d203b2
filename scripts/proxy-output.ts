// Reading a started proxy's output, for the tests, the bench and the Playwright journeys that start
// their own (src/proxy/testing/process.ts, e2e/own-proxy.ts).

/**
 * Reads a started proxy's output as it comes and answers the address of its "listening" line, once.
 * Only new lines are searched, and nothing after the line is found: scanning the whole log again on
 * every line cost the process that times the proxy more with each request served, and the bench's
 * latency tails grew with it (bench/notes/store-and-audit.md).
 */
export function listeningUrl(): (chunk: string) => string | undefined {
  let partial = '';
  let heard = false;
  return (chunk) => {
    if (heard) return undefined;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const url = /"event":"listening","url":"([^"]+)"/.exec(line)?.[1];
      if (url) {
        heard = true;
        return url;
      }
    }
    return undefined;
  };
}
