// `node --liftoff-only scripts/bench/audit-seed.ts <DATA_DIR | postgres://…> <count>`: fills an audit
// log with `count` entries of the demo parent (provider 100, environment demo) for `npm run bench`
// (docs/decisions/0018): 1,000 centres, six actions, 20 client ids, one in seven refused, spread
// over the last 400 days, each with a detail like the recorder's. Inserted by SQL in batches.
import { sql } from 'kysely';
import { openStore } from '../../src/proxy/core/store/engine.ts';

const [target, countText] = process.argv.slice(2);
const count = Number(countText);
if (!target || !Number.isInteger(count) || count < 1) {
  console.error('usage: audit-seed.ts <DATA_DIR | postgres://…> <count>');
  process.exit(2);
}
const store = await openStore(
  target.startsWith('postgres') ? { databaseUrl: target, dataDir: '' } : { dataDir: target },
);
const batch = 50_000;
for (let start = 0; start < count; start += batch) {
  const end = Math.min(count, start + batch);
  // oxlint-disable-next-line no-await-in-loop -- one batch after the other
  await sql`
    insert into audit_entry (at, environment, actor_kind, actor_provider_id, actor_client_id,
      owner_provider_id, action, centre_id, subject, status, code, accepted, request_id,
      client_address, user_agent, detail)
    select now() - make_interval(secs => g * (400 * 86400.0 / ${count}::int)), 'demo', 'client', 100,
      'client-' || (g % 20), 100,
      (array['contract.event', 'doctor.register', 'auth.sign_in', 'auth.sign_out', 'centre.create',
        'centre.credentials_reveal'])[1 + g % 6],
      101 + g % 1000, 'subject-' || g,
      case when g % 7 = 0 then 422 else 200 end, null, g % 7 <> 0, md5(g::text), '10.0.0.' || (g % 250),
      'Mozilla/5.0 (bench)',
      jsonb_build_object('eventId', 'evt_' || g, 'type', 'customer.subscription.updated',
        'items', jsonb_build_array(jsonb_build_object('planType', 'BASIC', 'quantity', g % 50)),
        'bodyDigest', md5('b' || g))
    from generate_series(${start + 1}::int, ${end}::int) as g`.execute(store.db);
}
// Vacuumed as well as analysed, and checkpointed, as a log that has been running a while would be:
// otherwise the server's autovacuum and checkpoint of a million new rows run during the measurements.
await sql`vacuum analyze audit_entry`.execute(store.db);
await sql`checkpoint`.execute(store.db);
await store.close();
