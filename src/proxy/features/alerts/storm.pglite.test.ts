// An alert storm on the embedded engine (testing/alert-storm-suite.ts): past the 2,600 centres with
// 4 people at which one INSERT of every row passed PostgreSQL's 65,535 bind parameters.
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { openStore } from '../../core/store/engine.ts';
import { alertStormSuite } from '../../testing/alert-storm-suite.ts';

alertStormSuite(
  'PGlite',
  async () => {
    const data = await freshDataDir();
    const store = await openStore({ dataDir: data.dir });
    return {
      store,
      async close() {
        await store.close();
        data.remove();
      },
    };
  },
  { centres: 3_000, people: 25 },
);
