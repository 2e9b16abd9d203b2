// The nine operations of spec §4 at their paths and methods. Each handler authenticates (D1),
// extracts what the core needs and writes the answer; the core decides everything else.
import type { HttpHandler } from 'msw';
import type { Caller, SimCore } from '../core/index.ts';
import { envelope, errorResponse, plain, query, readForm, readJson, route } from './http.ts';

/** Marks an answer injected by a D11 fault. */
export const FAULT_HEADER = 'X-Simulator-Fault';

export type UpstreamHandlerOptions = { templatesPrefix?: string };

export function createUpstreamHandlers(core: SimCore, options: UpstreamHandlerOptions = {}): HttpHandler[] {
  const prefix = options.templatesPrefix ?? '';

  const authed = authedWith(core);

  return [
    route('POST', '/api/iam/integration/token', async ({ request, url }) => {
      const faulted = await applyFault(core, request, url);
      if (faulted) return faulted;
      const outcome = core.requestToken(await readForm(request));
      return outcome.ok
        ? Response.json(outcome.value, { headers: { 'Cache-Control': 'no-store' } })
        : errorResponse(outcome.error);
    }),
    route(
      'POST',
      '/iam/v1/register/healthProviderDoctor',
      authed(async (caller, request) => {
        const body = await readJson(request);
        return plain(body.ok ? core.registerDoctors(caller, body.value) : body);
      }),
    ),
    route(
      'POST',
      '/iam/v1/register/childProvider',
      authed(async (caller, request) => {
        const body = await readJson(request);
        return envelope(body.ok ? core.createChildCenter(caller, body.value) : body);
      }),
    ),
    route(
      'GET',
      '/iam/v1/provider/{childProviderId}/credentials',
      authed((caller, _r, _u, params) =>
        envelope(core.getChildCenterCredentials(caller, params.childProviderId ?? '')),
      ),
    ),
    route(
      'GET',
      '/core/v1/provider/{providerId}/child',
      authed((caller, _r, url, params) =>
        envelope(
          core.listChildCenters(caller, {
            providerId: params.providerId ?? '',
            ...query(url, ['limit', 'offset']),
          }),
        ),
      ),
    ),
    route(
      'GET',
      '/payments/v1/subscription/provider/{providerId}/user',
      authed((caller, _r, url, params) =>
        envelope(
          core.listDoctorsWithLicenses(caller, {
            providerId: params.providerId ?? '',
            ...query(url, ['limit', 'offset', 'search']),
          }),
        ),
      ),
    ),
    route(
      'GET',
      '/payments/v1/subscription/provider/{providerId}/license',
      authed((caller, _r, url, params) =>
        envelope(
          core.getLicenses(caller, {
            providerId: params.providerId ?? '',
            ...query(url, ['userId', 'type']),
          }),
        ),
      ),
    ),
    route(
      'POST',
      '/payments/v1/partner/webhook',
      authed(async (caller, request) => {
        const body = await readJson(request);
        return envelope(body.ok ? core.sendPartnerWebhook(caller, body.value) : body);
      }),
    ),
    route(
      'GET',
      `${prefix}/reportExample`,
      authed((caller, _r, url) =>
        envelope(
          core.listReportTemplates(
            caller,
            query(url, ['providerId', 'userId', 'excludeProvider', 'limit', 'offset']),
          ),
        ),
      ),
    ),
  ];
}

type Operation = (
  caller: Caller,
  request: Request,
  url: URL,
  params: Record<string, string>,
) => Promise<Response> | Response;

/** D11 faults first, then D1 authentication, then the operation. */
function authedWith(core: SimCore) {
  return (run: Operation) =>
    async ({ request, url, params }: { request: Request; url: URL; params: Record<string, string> }) => {
      const faulted = await applyFault(core, request, url);
      if (faulted) return faulted;
      const caller = core.authenticate(request.headers.get('authorization'));
      if (!caller.ok) return errorResponse(caller.error);
      return run(caller.value, request, url, params);
    };
}

/**
 * D11: a matching fault waits `delayMs`, then answers `status` (with `body`, or a D2 body, and
 * `Retry-After` when it has `retryAfterSeconds`). An
 * injected answer says so in `X-Simulator-Fault` (the fault's id), so that a client's logs and the
 * simulator's own document checks can tell it from the simulator's reading of the spec.
 */
async function applyFault(core: SimCore, request: Request, url: URL): Promise<Response | undefined> {
  const fault = core.takeFault(request.method, url.pathname);
  if (!fault) return undefined;
  if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  if (fault.status === undefined) return undefined;
  const response =
    fault.body === undefined
      ? errorResponse({ status: fault.status, message: `Injected fault (${fault.status})` })
      : Response.json(fault.body, { status: fault.status });
  response.headers.set(FAULT_HEADER, String(fault.id));
  if (fault.retryAfterSeconds !== undefined)
    response.headers.set('Retry-After', String(fault.retryAfterSeconds));
  return response;
}
