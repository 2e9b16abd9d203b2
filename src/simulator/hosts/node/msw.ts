// msw/node host: intercepts a test's own `fetch` calls to any origin with the simulator's
// handlers, so code under test keeps its real base URL.
import { setupServer } from 'msw/node';
import { createSimulator, type SimulatorOptions } from '../../index.ts';

export function setupSimulatorServer(options: SimulatorOptions = {}) {
  const sim = createSimulator(options);
  const server = setupServer(...sim.handlers);
  return { sim, server };
}
