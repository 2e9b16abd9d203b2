// The contract-event log in Redis (docs/decisions/0016), on the session store's own connection:
// per log a sorted set of event ids by first attempt, a hash of the events and a hash of their
// attempts (a JSON array of JSON strings). Each call is one Lua script, so that two proxies
// recording attempts of one event at the same moment lose neither, and the bounds hold after
// every write. Every key expires once the log has been quiet for its maximum age.
import type { ContractEventLog } from './contract-event-log.ts';

/** Runs a script over keys the store prefixes (redis-store.ts). */
export type Evaluate = (script: string, keys: string[], args: string[]) => Promise<unknown>;

// KEYS: order, events, attempts. ARGV: id, at, event, attempt, maxEvents, maxAgeMs, maxAttempts,
// and the oldest first attempt kept (at - maxAgeMs).
const recordScript = `
local id = ARGV[1]
local attempts
if redis.call('ZSCORE', KEYS[1], id) then
  attempts = cjson.decode(redis.call('HGET', KEYS[3], id) or '[]')
else
  redis.call('ZADD', KEYS[1], ARGV[2], id)
  redis.call('HSET', KEYS[2], id, ARGV[3])
  attempts = {}
end
table.insert(attempts, ARGV[4])
while #attempts > tonumber(ARGV[7]) do table.remove(attempts, 1) end
redis.call('HSET', KEYS[3], id, cjson.encode(attempts))
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[8])
local excess = redis.call('ZCARD', KEYS[1]) - #gone - tonumber(ARGV[5])
if excess > 0 then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[1], #gone, #gone + excess - 1)) do table.insert(gone, old) end
end
for _, old in ipairs(gone) do
  redis.call('ZREM', KEYS[1], old)
  redis.call('HDEL', KEYS[2], old)
  redis.call('HDEL', KEYS[3], old)
end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[6]) end
return #gone`;

// KEYS: order, events, attempts. ARGV: since. Answers event, attempts, event, attempts… newest first.
const readScript = `
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
local out = {}
for i = #ids, 1, -1 do
  table.insert(out, redis.call('HGET', KEYS[2], ids[i]) or '')
  table.insert(out, redis.call('HGET', KEYS[3], ids[i]) or '[]')
end
return out`;

const keysOf = (log: string) => [`${log}:order`, `${log}:events`, `${log}:attempts`];

export function redisContractEventLog(evaluate: Evaluate): ContractEventLog {
  return {
    async record(log, eventId, event, attempt, at, bounds) {
      await evaluate(recordScript, keysOf(log), [
        eventId,
        String(Math.trunc(at)),
        event,
        attempt,
        String(bounds.maxEvents),
        String(Math.max(1, Math.trunc(bounds.maxAgeMs))),
        String(bounds.maxAttempts),
        String(Math.trunc(at - bounds.maxAgeMs)),
      ]);
    },
    async read(log, since) {
      const reply = await evaluate(readScript, keysOf(log), [String(Math.trunc(since))]);
      const flat = Array.isArray(reply) ? reply.map(String) : [];
      const entries: { event: string; attempts: string[] }[] = [];
      for (let index = 0; index + 1 < flat.length; index += 2) {
        const attempts = parseStrings(flat[index + 1] ?? '[]');
        entries.push({ event: flat[index] ?? '', attempts });
      }
      return entries;
    },
  };
}

function parseStrings(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
