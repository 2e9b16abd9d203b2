// A recording fake of the upstream service for the proxy's tests: it records every request it
// receives (method, raw target, headers, body) and answers like the spec's service (§4.1 token,
// D1 OAuth errors, 401 for an unknown token), unless a test installs its own answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer = (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>;

export const canary = {
  clientId: 'canary-client',
  secret: 'CANARY-SECRET-9f1c2e7a4b',
  tokenPrefix: 'CANARY-TOKEN-5d8e3a',
};

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  /** Requests other than the token call and the provider check at login. */
  apiCalls(): RecordedRequest[];
  /** The provider check a login makes with its new token (provider-check.ts). */
  loginChecks(): RecordedRequest[];
  tokenCalls(): RecordedRequest[];
  /** Tokens the fake accepts; clear it to make every token "expired". */
  validTokens: Set<string>;
  /** `expires_in` sent with new tokens (undefined: none, as the spec shows). */
  expiresIn: number | undefined;
  /** Replaces the answer for API calls (the token call keeps its default unless `token` is set). */
  answer(api: Answer | undefined, token?: Answer): void;
  /** The most TCP connections the fake has had open at once since `resetConnections`. */
  mostConnections(): number;
  resetConnections(): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  const validTokens = new Set<string>();
  let issued = 0;
  let apiAnswer: Answer | undefined;
  let tokenAnswer: Answer | undefined;
  const state = { expiresIn: undefined as number | undefined };

  const defaultToken: Answer = (request, response) => {
    const form = new URLSearchParams(request.body);
    if (
      request.headers['content-type'] !== 'application/x-www-form-urlencoded' ||
      form.get('grant_type') !== 'client_credentials'
    ) {
      json(response, 400, { error: 'invalid_request' });
      return;
    }
    if (form.get('client_id') !== canary.clientId || form.get('client_secret') !== canary.secret) {
      json(response, 401, { error: 'invalid_client' });
      return;
    }
    issued += 1;
    const token = `${canary.tokenPrefix}-${issued}`;
    validTokens.add(token);
    json(response, 200, {
      access_token: token,
      token_type: 'Bearer',
      ...(state.expiresIn === undefined ? {} : { expires_in: state.expiresIn }),
    });
  };

  const defaultApi: Answer = (request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !validTokens.has(token)) {
      json(response, 401, { success: false, code: 401, message: 'invalid token' });
      return;
    }
    json(response, 200, { success: true, code: 200, response: { method: request.method, url: request.url } });
  };

  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const isToken =
        recorded.url === '/api/iam/integration/token' || recorded.url.endsWith('/api/iam/integration/token');
      const answer = isToken ? (tokenAnswer ?? defaultToken) : (apiAnswer ?? defaultApi);
      void Promise.resolve(answer(recorded, response)).catch(() => response.destroy());
    });
  });
  let open = 0;
  let most = 0;
  server.on('connection', (socket) => {
    open += 1;
    most = Math.max(most, open);
    socket.once('close', () => {
      open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const isTokenCall = (request: RecordedRequest) => request.url.endsWith('/api/iam/integration/token');
  // The provider check asks for one item from its first offset; the tests' own calls never do.
  const isLoginCheck = (request: RecordedRequest) =>
    request.method === 'GET' && request.url.endsWith('?offset=0&limit=1');
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    apiCalls: () => requests.filter((request) => !isTokenCall(request) && !isLoginCheck(request)),
    loginChecks: () => requests.filter(isLoginCheck),
    tokenCalls: () => requests.filter(isTokenCall),
    validTokens,
    get expiresIn() {
      return state.expiresIn;
    },
    set expiresIn(value) {
      state.expiresIn = value;
    },
    answer(api, token) {
      apiAnswer = api;
      tokenAnswer = token;
    },
    mostConnections: () => most,
    resetConnections() {
      most = open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
