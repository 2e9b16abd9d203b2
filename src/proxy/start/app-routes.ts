// Each feature's routes, mounted with the few services it uses (app.ts). JSON route groups read
// their bodies strictly first (core/http/validation.ts); /api forwards bytes within the limit.
import type { Hono } from 'hono';
import type { ProxyEnv } from '../core/http/context.ts';
import { PEOPLE_PATHS } from '../../proxy-api/sign-in.ts';
import { jsonBodies, limitBodies } from '../core/http/validation.ts';
import { alertRoutes } from '../features/alerts/routes.ts';
import { centreRoutes } from '../features/api/centres-routes.ts';
import { contractEventRoutes } from '../features/api/contract-events-routes.ts';
import { apiRoutes } from '../features/api/routes.ts';
import { auditRoutes } from '../features/audit/routes.ts';
import { connectionRoutes } from '../features/connections/routes.ts';
import { demoMailRoutes } from '../features/demo/mail-routes.ts';
import { simulatorControlRoutes } from '../features/demo/simulator-control.ts';
import { healthRoutes } from '../features/operations/health.ts';
import { peopleRoutes } from '../features/people/routes.ts';
import { organisationRoutes } from '../features/sign-in/organisation-routes.ts';
import { countCredentialSignIns, countOrganisationSignIns } from '../features/sign-in/outcomes.ts';
import { jwksRoutes } from '../features/sign-in/jwks-routes.ts';
import { authRoutes } from '../features/sign-in/routes.ts';
import { siteRoutes } from '../features/site/routes.ts';
import { createScreenRender } from '../features/site/screen-render.ts';
import { createCentresAnswers } from '../features/watch/centres-answer.ts';
import { createFirstScreen } from '../features/watch/first-screen.ts';
import { watchReadRoutes } from '../features/watch/read-routes.ts';
import { watchRoutes } from '../features/watch/routes.ts';
import type { ProxyOptions } from './app-options.ts';
import type { AppServices } from './app-services.ts';

type App = Hono<ProxyEnv>;

/** Sign-in, people and connections: who works here, and through which connection. */
export function mountPeople(app: App, options: ProxyOptions, s: AppServices): void {
  const { auth, log, now, audit, store, box, directory, people, sessions, carrier, access } = s;
  // What the sign-ins share: the session they start, the audit entry, the people it may be for.
  const signIn = { auth, log, now, audit, store, box, directory, people, sessions, carrier, access };
  const organisation = { organisation: options.organisation, publicOrigin: options.publicOrigin };
  // What checking credentials with the service takes: a sign-in, a connection's registration.
  const credentialCheck = {
    limiter: s.limiter,
    transportOf: s.transportOf,
    tokenTimeoutMs: s.tokenTimeoutMs,
    apiTimeoutMs: s.apiTimeoutMs,
    maxAnswerBytes: s.maxAnswerBytes,
  };
  app.route('/', healthRoutes(store, audit, options.operations?.readiness));
  // Sign-ins by method and outcome (issue 49), read from their answers; before the routes answer.
  if (options.operations) {
    const { signIn: onSignIn } = options.operations.meters;
    for (const path of ['/auth/login', '/auth/demo-login']) app.use(path, countCredentialSignIns(onSignIn));
    app.use('/auth/organisation/callback', countOrganisationSignIns(onSignIn));
  }
  for (const group of ['/auth/*', '/people/*', '/connections/*', '/alerts/*'])
    app.use(group, limitBodies, (c, next) =>
      // Back-Channel Logout 1.0 §2.5: the provider posts a form, which its route reads itself.
      c.req.path === PEOPLE_PATHS.organisationBackchannelLogout ? next() : jsonBodies(c, next),
    );
  app.route('/auth/organisation', organisationRoutes({ ...signIn, ...organisation }));
  if (options.signingKeys) app.route('/auth/jwks.json', jwksRoutes(options.signingKeys));
  app.route(
    '/auth',
    authRoutes({
      ...signIn,
      ...organisation,
      ...credentialCheck,
      environments: s.environments,
      environmentList: options.environments,
      centreIndex: s.centreIndex,
      demoGuard: s.demoGuard,
      clientCredentialsLogin: options.clientCredentialsLogin ?? true,
    }),
  );
  app.route(
    '/people',
    peopleRoutes({ auth, directory, access, adminEmails: people.adminEmails, audit, log, now }),
  );
  app.route(
    '/connections',
    connectionRoutes({
      ...signIn,
      ...organisation,
      ...credentialCheck,
      environments: s.environments,
      watch: options.watch,
      webhooks: options.webhooks,
      webhookAllowedHosts: options.webhookAllowedHosts,
    }),
  );
}

/** The forwarded spec operations, the centre index, and what the audit log keeps. */
export function mountApi(app: App, options: ProxyOptions, s: AppServices): void {
  const { auth, log, now, audit, store, environments } = s;
  // One upstream call with a session's token, for /api's forwarding and the centre index.
  const calls = {
    log,
    now,
    sessions: s.sessions,
    renew: s.renew,
    carrier: s.carrier,
    access: s.access,
    directory: s.directory,
    transportOf: s.transportOf,
    apiTimeoutMs: s.apiTimeoutMs,
    maxAnswerBytes: s.maxAnswerBytes,
  };
  const auditRetentionMs = (options.auditRetentionDays ?? 400) * 86_400_000;
  app.use('/api/*', limitBodies);
  // Before /api's forwarding, whose spec paths never start with /centres.
  app.route(
    '/api/centres',
    centreRoutes({
      auth,
      environments,
      centreIndex: s.centreIndex,
      calls,
      log,
      ownCentreName: options.watchReads?.ownCentreName,
    }),
  );
  app.route(
    '/api',
    apiRoutes({
      auth,
      environments,
      calls,
      gate: { store, audit, changesPerMinute: s.changesPerMinute },
      log,
      cutConnection: options.cutConnection,
      demoQuota: options.demoQuota,
    }),
  );
  const auditPagesPerSecond = options.auditPagesPerSecond ?? 10;
  app.route(
    '/contract-events',
    contractEventRoutes({ auth, audit, store, pagesPerSecond: auditPagesPerSecond, now, auditRetentionMs }),
  );
  app.route('/audit', auditRoutes({ auth, audit, store, auditPagesPerSecond, now }));
}

/** The watcher's reads and refreshes, alerts, the demo's extras, and the console itself. */
export function mountWatchAndSite(app: App, options: ProxyOptions, s: AppServices): void {
  const { auth, log, now, audit, environments } = s;
  const demo = environments.has('demo');
  // `GET /watch/centres`'s answers, kept between refreshes; the overview's page renders them too.
  // What the watchers stored is in the database: readable whether or not this instance runs one.
  const answers = options.watchReads ? createCentresAnswers(options.watchReads) : undefined;
  app.route('/watch', watchRoutes({ auth, watch: options.watch }));
  app.route('/demo/mail', demoMailRoutes({ auth, mailbox: demo ? options.demoMail : undefined }));
  app.route('/watch', watchReadRoutes({ auth, reads: options.watchReads, answers }));
  const deliver = async () => options.watch?.deliver?.();
  const sendAgain = (connectionId: string, id: number) => options.watch?.sendAgain?.(connectionId, id);
  app.route('/alerts', alertRoutes({ auth, alerts: options.alerts, audit, log, now, deliver, sendAgain }));
  const control = demo ? options.simulatorControl : undefined;
  app.route(
    '/__sim',
    simulatorControlRoutes({ control, timeoutMs: s.apiTimeoutMs, token: options.simulatorControlToken }),
  );
  const render = options.renderOverview;
  app.route(
    '/',
    siteRoutes({
      site: options.site,
      environmentIds: options.environments.map((env) => env.id),
      hasSession: (c) => Boolean(s.carrier.read(c)),
      ...(answers &&
        render && {
          firstScreen: createFirstScreen(
            { auth, log, now, apiTimeoutMs: s.apiTimeoutMs },
            { render, answers, simulator: control },
          ),
        }),
      ...(options.renderScreen && {
        renderScreen: createScreenRender({
          render: options.renderScreen,
          // The app itself answers the render's calls (docs/decisions/0028).
          answer: async (request, bindings) => app.request(request, undefined, bindings),
          log,
        }),
      }),
    }),
  );
}
