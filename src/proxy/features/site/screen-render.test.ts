import { Hono } from 'hono';
import { expect, test, vi } from 'vitest';
import type { RenderScreen } from '../../../proxy-api/first-screen.ts';
import type { ProxyEnv } from '../../core/http/context.ts';
import { createScreenRender } from './screen-render.ts';

// A screen rendered into its page (docs/decisions/0028): the render's calls are the proxy's own,
// answered as the session that asked; a render that fails or overruns leaves the page to the
// browser, and says so in the log.

const zone = 'provider-console-time-zone=Europe%2FMadrid';

type Logged = (fields: object, message?: string) => void;

/** A render that reads the session as the proxy's own app answers it, and shows what it got. */
const renderSession: RenderScreen = async (request) => {
  const answer = await request.fetch(new Request(`${request.origin}/auth/session`));
  const { cookie } = (await answer.json()) as { cookie: string };
  return { markup: `${request.language} ${request.url} ${request.timeZone} ${cookie}`, state: '{}' };
};

function pageServer(render: RenderScreen) {
  const log = { info: vi.fn<Logged>(), warn: vi.fn<Logged>(), error: vi.fn<Logged>() };
  const app = new Hono<ProxyEnv>();
  const renderer = createScreenRender({
    render,
    answer: async (request, bindings) => app.request(request, undefined, bindings),
    log,
    budgetMs: 100,
  });
  app.use(async (c, next) => {
    c.set('requestId', 'request-1');
    await next();
  });
  app.get('/auth/session', (c) => c.json({ cookie: c.req.header('cookie') ?? null }));
  app.get('*', async (c) => c.json((await renderer(c, 'es', 'nonce-1')) ?? null));
  const page = async (cookie: string) =>
    (await app.request('http://console.test/centres?sort=name', { headers: { cookie } })).json();
  return { page, log };
}

test('the render’s calls reach the proxy itself as the session whose page it is', async () => {
  const { page } = pageServer(renderSession);
  expect(await page(`session=abc; ${zone}`)).toEqual({
    markup: `es /centres?sort=name Europe/Madrid session=abc; ${zone}`,
    state: '{}',
  });
});

test('without the browser’s time zone nothing is rendered: its times would not match the browser’s', async () => {
  const render = vi.fn<RenderScreen>(async () => ({ markup: 'x', state: '{}' }));
  const { page } = pageServer(render);
  expect(await page('session=abc')).toBeNull();
  expect(render).not.toHaveBeenCalled();
});

test('a render that fails leaves the page to the browser, logged with its request', async () => {
  const { page, log } = pageServer(async () => {
    throw new TypeError('window is not defined');
  });
  expect(await page(`session=abc; ${zone}`)).toBeNull();
  expect(log.warn).toHaveBeenCalledWith(
    expect.objectContaining({ event: 'screen_render_failed', requestId: 'request-1', path: '/centres' }),
    expect.any(String),
  );
});

test('a render slower than its budget leaves the page to the browser, logged', async () => {
  const { page, log } = pageServer(
    () => new Promise((resolve) => setTimeout(() => resolve({ markup: 'late', state: '{}' }), 1_000)),
  );
  expect(await page(`session=abc; ${zone}`)).toBeNull();
  expect(log.warn).toHaveBeenCalledWith(
    expect.objectContaining({ event: 'screen_render_overrun', budgetMs: 100 }),
    expect.any(String),
  );
});
