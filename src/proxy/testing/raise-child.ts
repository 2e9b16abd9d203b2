// A process that only raises a connection's alerts (features/alerts/raise.ts), for a test to kill
// with SIGKILL half-way (features/alerts/raise-kill.postgres.test.ts): what a proxy that dies in
// the middle of a raise leaves behind. Arguments: the database URL, the connection id, the
// deployment key in hex.
import { createSecretBox } from '../core/store/secret-box.ts';
import { openStore } from '../core/store/engine.ts';
import { raiseAlerts } from '../features/alerts/raise.ts';
import { createSqlDirectory } from '../features/people/repository.ts';

const [databaseUrl = '', connectionId = '', keyHex = ''] = process.argv.slice(2);
const store = await openStore({ databaseUrl, dataDir: '', migrate: false });
const directory = createSqlDirectory(store.db, createSecretBox(Buffer.from(keyHex, 'hex')));
const connection = (await directory.connections()).find((c) => c.id === connectionId);
if (!connection) throw new Error('no such connection');
process.stdout.write('raising\n');
await raiseAlerts(store.db, directory, connection, new Date(), Date.now());
process.stdout.write('raised\n');
await store.close();
