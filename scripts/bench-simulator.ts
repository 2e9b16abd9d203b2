// The simulator's speed goals (decision 0004), part of `npm run bench` (scripts/bench.ts): generating
// 10,000 centres × 20 doctors must take under 2 s, and a list operation on that world must answer in
// under 5 ms. Run alone (`node scripts/bench-simulator.ts`) it prints them and exits 1 on a miss.
import { createSimulator } from '../src/simulator/index.ts';

const centres = 10_000;
const doctors = 20;
const goals = { generateMs: 2000, listMs: 5 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export interface SimulatorFigures {
  generateMs: number;
  lists: Record<string, number>;
  goals: typeof goals;
}

export async function benchSimulator(): Promise<SimulatorFigures> {
  const started = performance.now();
  const sim = createSimulator({ seed: { centres, doctors, templates: 5 } });
  const generateMs = performance.now() - started;

  const tokenResponse = await sim.fetch(
    new Request('http://bench/api/iam/integration/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-parent&client_secret=demo-parent-secret',
    }),
  );
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };

  async function time(path: string, runs = 200): Promise<number> {
    const samples: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      // oxlint-disable-next-line no-await-in-loop -- sequential timing is the point
      const response = await sim.fetch(new Request(`http://bench${path}`, { headers }));
      // oxlint-disable-next-line no-await-in-loop -- as above
      await response.arrayBuffer();
      samples.push(performance.now() - t0);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
    return median(samples);
  }

  const lists = {
    'child list, limit 10 (4.5)': await time('/core/v1/provider/100/child?limit=10&offset=5000'),
    'doctor list, search (4.6)': await time('/payments/v1/subscription/provider/5000/user?search=gar'),
    'licence summary (4.7)': await time('/payments/v1/subscription/provider/9000/license'),
    'templates (4.9)': await time('/reportExample?providerId=7000&limit=5'),
  };
  return { generateMs, lists, goals };
}

if (import.meta.main) {
  const { generateMs, lists } = await benchSimulator();
  console.info(
    `generate ${centres} centres × ${doctors} doctors: ${generateMs.toFixed(0)} ms (goal < ${goals.generateMs} ms)`,
  );
  for (const [name, ms] of Object.entries(lists))
    console.info(`${name}: median ${ms.toFixed(2)} ms (goal < ${goals.listMs} ms)`);
  const missed = generateMs >= goals.generateMs || Object.values(lists).some((ms) => ms >= goals.listMs);
  if (missed) {
    console.error('bench: a goal was missed');
    process.exit(1);
  }
}
