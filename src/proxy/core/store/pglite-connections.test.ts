// The embedded engine serves several connections (the store's pool and the job queue's) from one
// PGlite session through pglite-socket (core/store/pglite-thread.ts). A connection's statement sent
// in the extended protocol (Parse, Bind, Execute, Sync) is answered as its own even when another
// connection asks between its Parse and its Bind (electric-sql/pglite#1046: the other's Parse
// replaced the unnamed statement, and the Bind failed or ran the other's statement).
import { Client, type Connection, type Submittable } from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDataDir } from '../../../../scripts/data-dir.ts';
import { openStore, type Store } from './engine.ts';

let store: Store;
let remove: () => void;

beforeAll(async () => {
  const data = await freshDataDir();
  remove = data.remove;
  store = await openStore({ dataDir: data.dir });
}, 60_000);

afterAll(async () => {
  await store?.close();
  remove?.();
});

/**
 * A statement sent in two parts, as a driver whose messages arrive apart is: its Parse (and a
 * Flush, so that the engine answers it) now, its Bind, Execute and Sync when `finish` is called.
 */
class SplitStatement implements Submittable {
  readonly rows: unknown[][] = [];
  error: Error | undefined;
  readonly parsed = Promise.withResolvers<void>();
  readonly done = Promise.withResolvers<void>();
  readonly #text: string;
  readonly #values: string[];
  #connection: Connection | undefined;

  constructor(text: string, values: string[]) {
    this.#text = text;
    this.#values = values;
  }

  submit(connection: Connection) {
    this.#connection = connection;
    connection.once('parseComplete', () => this.parsed.resolve());
    connection.parse({ name: '', text: this.#text, types: [] }, true);
    connection.flush();
  }

  finish() {
    const connection = this.#connection;
    if (!connection) throw new Error('not submitted');
    connection.bind({ values: this.#values }, true);
    connection.describe({ type: 'P' }, true);
    connection.execute({ portal: '' }, true);
    connection.sync();
  }

  // What the client passes on from the engine.
  handleRowDescription() {}
  handleDataRow(message: { fields: unknown[] }) {
    this.rows.push(message.fields);
  }
  handleCommandComplete() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleError(error: Error) {
    this.error = error;
  }
  handleReadyForQuery() {
    this.done.resolve();
  }
}

test('a statement whose Bind comes after another connection asked gets its own answer, and the other its own', async () => {
  const { connectionString } = store.engine;
  const [first, second] = [new Client({ connectionString }), new Client({ connectionString })];
  await Promise.all([first.connect(), second.connect()]);
  try {
    const split = new SplitStatement('select $1::int as a, $2::int as b', ['1', '2']);
    void first.query(split);
    await split.parsed.promise;
    // The other connection's whole statement, of another shape, while the first waits to bind.
    const other = second.query('select $1::text as s', ['other']);
    split.finish();
    await split.done.promise;
    expect(split.error?.message).toBeUndefined();
    expect(split.rows).toEqual([['1', '2']]);
    expect((await other).rows).toEqual([{ s: 'other' }]);
  } finally {
    await Promise.all([first.end(), second.end()]);
  }
});
