// The token proxy's HTTP app (docs/decisions/0005): a backend-for-frontend. The browser talks only
// to this origin, holds only an opaque session id, and reaches the upstream only through the
// allow-list of the spec's operations. Web-standard (Hono on Request/Response, Web Crypto): the
// same app runs under Node (core/http/server.ts), in the browser's demo worker and in the
// console's tests (hosts/browser.ts); docs/decisions/0012. Composition only: the core's services
// (start/app-services.ts), the middleware every request meets (start/app-middleware.ts) and each
// feature's routes with the few services it uses (start/app-routes.ts).
import { Hono } from 'hono';
import type { ProxyEnv } from './core/http/context.ts';
import type { ProxyOptions } from './start/app-options.ts';
import { applyApiUpkeep, applyCsrf, applyRequestBasics } from './start/app-middleware.ts';
import { mountApi, mountPeople, mountWatchAndSite } from './start/app-routes.ts';
import { appServices } from './start/app-services.ts';

export type { ProxyOptions } from './start/app-options.ts';

export function createProxyApp(options: ProxyOptions) {
  const services = appServices(options);
  const app = new Hono<ProxyEnv>();
  applyRequestBasics(app, options, services);
  applyCsrf(app, options.publicOrigin);
  applyApiUpkeep(app, options, services);
  mountPeople(app, options, services);
  mountApi(app, options, services);
  mountWatchAndSite(app, options, services);
  const { sessions, audit, access, centreIndex } = services;
  return {
    app,
    /** For tests: the session manager over the same store. */
    sessions,
    /** For tests: the audit log it writes. */
    audit,
    /** For tests and the demo's seeding: who may do what. */
    access,
    /** For tests: the child list's index. */
    centreIndex,
  };
}

export type ProxyApp = ReturnType<typeof createProxyApp>;
