import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Two projects: the console in jsdom, and everything that runs in Node (contract, simulator,
// proxy, scripts) in plain Node. Tests live beside the code they test.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Several suites make hundreds of real HTTP requests or spawn processes: seconds when the
      // machine is idle, more on a 2-core CI machine under load. Speed is measured by `npm run
      // bench`, not by test timeouts.
      testTimeout: 20_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'console',
            environment: 'jsdom',
            include: ['src/console/**/*.test.{ts,tsx}'],
            setupFiles: ['src/console/testing/setup-console.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: [
              'src/{contract,proxy-api,simulator,proxy}/**/*.test.ts',
              '{scripts,tools}/**/*.test.ts',
            ],
            setupFiles: ['tools/vitest/setup-node.ts'],
            // The embedded database's template, then the run's one Redis and PostgreSQL that every
            // store test shares, each with a database of its own (src/proxy/testing/shared-stores.ts).
            globalSetup: ['tools/vitest/global-setup-node.ts', 'src/proxy/testing/global-setup.ts'],
            // The embedded database's Node flag (src/proxy/core/store/pglite.ts, docs/decisions/0018).
            execArgv: ['--liftoff-only'],
          },
        },
      ],
    },
  }),
);
