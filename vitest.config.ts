import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** The Node tests every project runs in plain Node (contract, simulator, proxy, scripts). */
const NODE_TESTS = ['src/{contract,proxy-api,simulator,proxy}/**/*.test.ts', '{scripts,tools}/**/*.test.ts'];
/**
 * Tests that measure latency under a load they make themselves: beside other test files on a
 * two-core machine, the machine's load, not the proxy, decided them (a p95 of 90 ms over the
 * quiet turns with three workers, 14–28 ms alone). They run last, one file at a time.
 */
const ALONE = ['src/proxy/features/api/contract-events-load.test.ts'];
/**
 * Tests that measure their own process's heap: in a process of their own (isolated), not in a
 * worker that earlier files shared and may have left work running in (the `node` project below).
 */
const OWN_HEAP = ['src/proxy/features/sign-in/login-limiter.test.ts'];

/**
 * The console's tests of plain rules (`.test.ts`: search schemas, formatters, permissions) need no
 * page: they run in Node, the files of a worker sharing their modules (`isolate: false`). Isolated in
 * jsdom, each of these files of a few milliseconds paid about two seconds for its own window and
 * catalogues; all 33 now run in about 3 s. These few read the page (its address, a meta tag, focus,
 * timers driving a hook) or the catalogues the console's set-up loads, and stay with the screens.
 */
const CONSOLE_PAGE_RULES = [
  'src/console/api/child-list-calls.test.ts',
  'src/console/lib/csp-nonce.test.ts',
  'src/console/lib/prerendered.test.ts',
  'src/console/lib/typeahead.test.ts',
  'src/console/features/centres/use-typed-search.test.ts',
  'src/console/lib/i18n/i18n.test.ts',
];

const node: { environment: 'node'; setupFiles: string[]; execArgv: string[] } = {
  environment: 'node',
  setupFiles: ['tools/vitest/setup-node.ts'],
  // The embedded database's Node flag (src/proxy/core/store/pglite.ts, docs/decisions/0018).
  execArgv: ['--liftoff-only'],
};

// The console's screens in jsdom, its plain rules in Node (above), everything else that runs in
// Node (contract, simulator, proxy, scripts) in plain Node; and the few that must have the machine
// to themselves.
// Tests live beside the code they test.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Several suites make hundreds of real HTTP requests or spawn processes: seconds when the
      // machine is idle, more on a 2-core CI machine under load. Speed is measured by `npm run
      // bench`, not by test timeouts.
      testTimeout: 20_000,
      // At least two files at a time: Vitest's default (one less than the cores) is one on a
      // two-core machine, where much of the Node tests' time is waiting on PostgreSQL, Redis, a
      // spawned proxy or a queue's next poll. The whole unit run there took 506 s with one worker,
      // 312 s with two and 370 s with three (and failed a latency test, now in ALONE).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // Once per run, for every project: the embedded database's template, then the run's one
      // Redis and PostgreSQL that every store test shares, each with a database of its own
      // (src/proxy/testing/shared-stores.ts).
      globalSetup: ['tools/vitest/global-setup-node.ts', 'src/proxy/testing/global-setup.ts'],
      projects: [
        {
          extends: true,
          test: {
            name: 'console',
            environment: 'jsdom',
            include: ['src/console/**/*.test.tsx', ...CONSOLE_PAGE_RULES],
            setupFiles: ['src/console/testing/setup-console.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'console-rules',
            environment: 'node',
            isolate: false,
            include: ['src/console/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...CONSOLE_PAGE_RULES],
            setupFiles: ['tools/vitest/setup-node.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            ...node,
            // A worker's files share their modules: each start their own servers, stores and
            // clocks (src/proxy/testing), and none stubs an environment variable or a global it
            // does not put back. Isolated, every file re-imported the proxy: the project took 277 s
            // alone, 209 s shared. What a file finds open when it starts stays the same few handles
            // all run long (the shared stores' clients): no server or process outlives its file.
            isolate: false,
            include: NODE_TESTS,
            exclude: [...configDefaults.exclude, ...ALONE, ...OWN_HEAP],
          },
        },
        { extends: true, test: { name: 'node-own-heap', ...node, include: OWN_HEAP } },
        {
          extends: true,
          test: {
            name: 'node-alone',
            ...node,
            include: ALONE,
            maxWorkers: 1,
            fileParallelism: false,
            // After every other file, so that nothing else runs beside it.
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }),
);
