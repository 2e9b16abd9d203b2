// The proxy under load (autocannon, loopback only, bounded in time): the same request through the
// proxy, through a minimal undici forwarder (the floor a Node forwarder stands on, issue 24 item 3)
// and straight to the simulator, at a fixed 1,000 req/s and flat out. Latency is compared round by
// round (median of the rounds), CPU is each process's own (/proc) per request.
import autocannon from 'autocannon';
import type { Started } from './servers.ts';

/**
 * The proxy as the bench runs it for its load rounds: one session's cap on requests in flight
 * (docs/decisions/0020, 32 by default) lifted, since the load is one session with more connections
 * than a browser opens, and answers the cap refused once counted as throughput (issue 48 item 6).
 * The bench's output says so beside the figures.
 */
export const benchProxyEnv = { MAX_REQUESTS_PER_SESSION: '10000' };
export const capNote = 'the per-session cap lifted to 10,000 for the bench (MAX_REQUESTS_PER_SESSION)';

export interface LoadFigures {
  /** Proxy minus direct at 1,000 req/s, ms: median over the rounds. */
  addedP50Ms: number;
  addedP99Ms: number;
  addedMaxMs: number;
  /** The worst round's proxy max, ms. */
  worstRoundMaxMs: number;
  rounds: { proxy: Latency; direct: Latency }[];
  /** Peak throughput, req/s. */
  proxyPeak: number;
  directPeak: number;
  /** Proxy CPU per proxied request at 1,000 req/s, µs (median over the rounds). */
  cpuMicrosPerRequest: number;
  /**
   * The simulator's own CPU per request when called directly at the same rate, µs (median over the
   * rounds): what one Node HTTP server answering this request costs on this machine.
   */
  directCpuMicrosPerRequest: number;
  /** The minimal undici forwarder, measured in the same rounds: its figures over direct, and CPU. */
  floor: {
    addedP50Ms: number;
    addedP99Ms: number;
    addedMaxMs: number;
    peak: number;
    cpuMicrosPerRequest: number;
  };
  errors: number;
}

interface Latency {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

// Throughput counts successful answers only: a refusal (429, 502) is fast and would flatter it.
const succeededPerSecond = (result: autocannon.Result) => result['2xx'] / result.duration;

const latencyOf = (result: autocannon.Result): Latency => ({
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  requests: result['2xx'],
  errors: result.errors + result.timeouts + result.non2xx,
});

export async function measureProxyLoad(options: {
  proxy: Started;
  simulator: Started;
  /** The undici forwarder in front of the same simulator (servers.ts `startForwarder`). */
  forwarder: Started;
  cookie: string;
  token: string;
  path: string;
  rounds: number;
  seconds: number;
}): Promise<LoadFigures> {
  const { proxy, simulator, forwarder, cookie, token, path, rounds, seconds } = options;
  const viaProxy = {
    url: `${proxy.url}/api${path}`,
    headers: { cookie, 'x-requested-with': 'provider-console' },
  };
  const direct = { url: `${simulator.url}${path}`, headers: { authorization: `Bearer ${token}` } };
  const viaFloor = { url: `${forwarder.url}/api${path}` };
  // Warm all three (JIT, keep-alive connections, the proxy's opened token).
  await run({ ...viaProxy, connections: 4, amount: 2000 });
  await run({ ...direct, connections: 4, amount: 2000 });
  await run({ ...viaFloor, connections: 4, amount: 2000 });

  const fixed = { connections: 20, duration: seconds, overallRate: 1000, excludeErrorStats: true };
  const measured: LoadFigures['rounds'] = [];
  const cpu: number[] = [];
  const directCpu: number[] = [];
  const floorCpu: number[] = [];
  const floorRounds: Latency[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const simulatorBefore = simulator.cpuMicros();
    // oxlint-disable-next-line no-await-in-loop -- one load at a time: they share two cores
    const d = await run({ ...direct, ...fixed });
    directCpu.push((simulator.cpuMicros() - simulatorBefore) / Math.max(1, d['2xx']));
    const before = proxy.cpuMicros();
    // oxlint-disable-next-line no-await-in-loop -- as above
    const p = await run({ ...viaProxy, ...fixed });
    cpu.push((proxy.cpuMicros() - before) / Math.max(1, p['2xx']));
    const floorBefore = forwarder.cpuMicros();
    // oxlint-disable-next-line no-await-in-loop -- as above
    const f = await run({ ...viaFloor, ...fixed });
    floorCpu.push((forwarder.cpuMicros() - floorBefore) / Math.max(1, f['2xx']));
    measured.push({ proxy: latencyOf(p), direct: latencyOf(d) });
    floorRounds.push(latencyOf(f));
  }
  const peak = { connections: 20, duration: seconds, excludeErrorStats: true };
  const directPeak = await run({ ...direct, ...peak });
  const proxyPeak = await run({ ...viaProxy, ...peak });
  const floorPeak = await run({ ...viaFloor, ...peak });
  const overDirect = (pick: (l: Latency) => number) =>
    median(floorRounds.map((f, i) => pick(f) - pick(measured[i]?.direct ?? f)));
  return {
    addedP50Ms: median(measured.map((r) => r.proxy.p50 - r.direct.p50)),
    addedP99Ms: median(measured.map((r) => r.proxy.p99 - r.direct.p99)),
    addedMaxMs: median(measured.map((r) => r.proxy.max - r.direct.max)),
    worstRoundMaxMs: Math.max(...measured.map((r) => r.proxy.max)),
    rounds: measured,
    proxyPeak: succeededPerSecond(proxyPeak),
    directPeak: succeededPerSecond(directPeak),
    cpuMicrosPerRequest: median(cpu),
    directCpuMicrosPerRequest: median(directCpu),
    floor: {
      addedP50Ms: overDirect((l) => l.p50),
      addedP99Ms: overDirect((l) => l.p99),
      addedMaxMs: overDirect((l) => l.max),
      peak: succeededPerSecond(floorPeak),
      cpuMicrosPerRequest: median(floorCpu),
    },
    errors:
      measured.reduce((sum, r) => sum + r.proxy.errors + r.direct.errors, 0) +
      floorRounds.reduce((sum, f) => sum + f.errors, 0) +
      latencyOf(proxyPeak).errors +
      latencyOf(directPeak).errors +
      latencyOf(floorPeak).errors,
  };
}
