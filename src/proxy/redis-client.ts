// A minimal Redis client (RESP2 over node:net) with just what the session store needs, so that
// the proxy adds no dependency (docs/decisions/0005-token-proxy.md). Commands are pipelined on one
// connection and answered in order; a lost connection fails the commands in flight and the next
// command reconnects.
import net from 'node:net';

export type RedisReply = string | number | null | RedisReply[];

export class RedisError extends Error {
  override name = 'RedisError';
}

interface Pending {
  resolve(reply: RedisReply): void;
  reject(error: Error): void;
}

export interface RedisClient {
  command(...args: (string | number)[]): Promise<RedisReply>;
  close(): Promise<void>;
}

export function createRedisClient(url: string, options: { commandTimeoutMs?: number } = {}): RedisClient {
  const parsed = new URL(url);
  const timeoutMs = options.commandTimeoutMs ?? 2_000;
  let socket: net.Socket | undefined;
  let ready: Promise<void> | undefined;
  let buffer: Buffer = Buffer.alloc(0);
  const pending: Pending[] = [];
  let closed = false;

  const failAll = (error: Error) => {
    for (const entry of pending.splice(0)) entry.reject(error);
  };

  const connect = (): Promise<void> => {
    if (ready) return ready;
    buffer = Buffer.alloc(0);
    const connection =
      parsed.protocol === 'unix:'
        ? net.createConnection({ path: decodeURIComponent(parsed.pathname) })
        : net.createConnection({
            host: parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
            port: Number(parsed.port || 6379),
          });
    socket = connection;
    connection.setNoDelay(true);
    connection.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        let result: Parsed;
        try {
          result = parseReply(buffer, 0);
        } catch (error) {
          connection.destroy(error instanceof Error ? error : new RedisError('bad reply'));
          return;
        }
        if (!result) break;
        buffer = buffer.subarray(result.end);
        const entry = pending.shift();
        if (!entry) continue;
        if (result.reply instanceof RedisError) entry.reject(result.reply);
        else entry.resolve(result.reply);
      }
    });
    const lost = (error?: Error) => {
      if (socket === connection) {
        socket = undefined;
        ready = undefined;
      }
      failAll(new RedisError(`Redis connection lost${error ? `: ${error.message}` : ''}`));
    };
    connection.on('error', lost);
    connection.on('close', () => lost());
    ready = new Promise<void>((resolve, reject) => {
      connection.once('connect', resolve);
      connection.once('error', reject);
    }).then(async () => {
      const password = decodeURIComponent(parsed.password);
      const username = decodeURIComponent(parsed.username);
      if (password) await send(connection, username ? ['AUTH', username, password] : ['AUTH', password]);
      const db = parsed.protocol === 'unix:' ? parsed.searchParams.get('db') : parsed.pathname.slice(1);
      if (db) await send(connection, ['SELECT', db]);
      return undefined;
    });
    ready.catch(() => {
      if (socket === connection) {
        socket = undefined;
        ready = undefined;
      }
    });
    return ready;
  };

  const send = (connection: net.Socket, args: (string | number)[]) =>
    new Promise<RedisReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Replies are matched by order, so after a timeout the connection cannot be trusted.
        connection.destroy(new Error(`no reply within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.push({
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      connection.write(encodeCommand(args));
    });

  return {
    async command(...args) {
      if (closed) throw new RedisError('Redis client is closed');
      try {
        await connect();
      } catch (error) {
        throw new RedisError(
          `cannot connect to Redis: ${error instanceof Error ? error.message : 'unknown error'}`,
          {
            cause: error,
          },
        );
      }
      if (!socket) throw new RedisError('Redis connection lost');
      return send(socket, args);
    },
    async close() {
      closed = true;
      const connection = socket;
      if (!connection) return;
      await new Promise<void>((resolve) => {
        connection.once('close', () => resolve());
        connection.end();
        setTimeout(() => connection.destroy(), 500).unref();
      });
    },
  };
}

function encodeCommand(args: (string | number)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.from(String(arg), 'utf8');
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

type Parsed = { reply: RedisReply | RedisError; end: number } | undefined;

/** Parses one RESP2 reply starting at `start`; undefined when the buffer does not yet hold it. */
export function parseReply(buffer: Buffer, start: number): Parsed {
  const lineEnd = buffer.indexOf('\r\n', start);
  if (lineEnd === -1) return undefined;
  const type = String.fromCharCode(buffer[start] ?? 0);
  const line = buffer.toString('utf8', start + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case '+':
      return { reply: line, end: next };
    case '-':
      return { reply: new RedisError(line), end: next };
    case ':':
      return { reply: Number(line), end: next };
    case '$': {
      const length = Number(line);
      if (length < 0) return { reply: null, end: next };
      if (buffer.length < next + length + 2) return undefined;
      return { reply: buffer.toString('utf8', next, next + length), end: next + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { reply: null, end: next };
      const items: RedisReply[] = [];
      let position = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, position);
        if (!item) return undefined;
        if (item.reply instanceof RedisError) return { reply: item.reply, end: item.end };
        items.push(item.reply);
        position = item.end;
      }
      return { reply: items, end: position };
    }
    default:
      throw new RedisError(`unexpected RESP type byte ${JSON.stringify(type)}`);
  }
}
