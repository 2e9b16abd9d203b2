// The storm of issue 46's "done when" on a real PostgreSQL: 10,000 centres changed at once on a
// connection with 25 people and a chat webhook (testing/alert-storm-suite.ts).
import { openStore } from '../../core/store/engine.ts';
import { alertStormSuite } from '../../testing/alert-storm-suite.ts';
import { startPostgresServer } from '../../testing/postgres-server.ts';

alertStormSuite(
  'PostgreSQL',
  async () => {
    const server = await startPostgresServer();
    const store = await openStore({ databaseUrl: await server.createDatabase('storm'), dataDir: '' });
    return {
      store,
      async close() {
        await store.close();
        await server.destroy();
      },
    };
  },
  { centres: 10_000, people: 25 },
);
