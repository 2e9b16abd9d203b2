// The nine operations of spec §4 as data: the token proxy forwards a request only when it matches
// one of these exactly (decision 0005), and the console hides what an environment lacks (D3).

export const OPERATION_IDS = [
  'requestToken',
  'registerDoctors',
  'createChildCenter',
  'getChildCenterCredentials',
  'listChildCenters',
  'listDoctorsWithLicenses',
  'getLicenses',
  'sendPartnerWebhook',
  'listReportTemplates',
] as const;
export type OperationId = (typeof OPERATION_IDS)[number];

export type Operation = {
  id: OperationId;
  section: string;
  method: 'GET' | 'POST';
  /** The spec's path; `{name}` is a numeric path parameter. */
  path: string;
  /** Spec preamble and D3: the development environment has only the token and registration. */
  inDevelopment: boolean;
};

export const operations: readonly Operation[] = [
  {
    id: 'requestToken',
    section: '4.1',
    method: 'POST',
    path: '/api/iam/integration/token',
    inDevelopment: true,
  },
  {
    id: 'registerDoctors',
    section: '4.2',
    method: 'POST',
    path: '/iam/v1/register/healthProviderDoctor',
    inDevelopment: true,
  },
  {
    id: 'createChildCenter',
    section: '4.3',
    method: 'POST',
    path: '/iam/v1/register/childProvider',
    inDevelopment: false,
  },
  {
    id: 'getChildCenterCredentials',
    section: '4.4',
    method: 'GET',
    path: '/iam/v1/provider/{childProviderId}/credentials',
    inDevelopment: false,
  },
  {
    id: 'listChildCenters',
    section: '4.5',
    method: 'GET',
    path: '/core/v1/provider/{providerId}/child',
    inDevelopment: false,
  },
  {
    id: 'listDoctorsWithLicenses',
    section: '4.6',
    method: 'GET',
    path: '/payments/v1/subscription/provider/{providerId}/user',
    inDevelopment: false,
  },
  {
    id: 'getLicenses',
    section: '4.7',
    method: 'GET',
    path: '/payments/v1/subscription/provider/{providerId}/license',
    inDevelopment: false,
  },
  {
    id: 'sendPartnerWebhook',
    section: '4.8',
    method: 'POST',
    path: '/payments/v1/partner/webhook',
    inDevelopment: false,
  },
  { id: 'listReportTemplates', section: '4.9', method: 'GET', path: '/reportExample', inDevelopment: false },
];

export const operationsInEnvironment = (kind: string): OperationId[] =>
  operations.filter((op) => kind !== 'development' || op.inDevelopment).map((op) => op.id);

const prefixPattern = /^(\/[A-Za-z0-9._~-]+)*$/;

/**
 * D9: a templates prefix as `''` or `/a/b` (leading slash, no trailing slash). Only unreserved
 * characters in its segments, and no `.` or `..` segment, so that it can never escape the base.
 */
export function normalizeTemplatesPrefix(prefix: string): string {
  const trimmed = prefix.trim();
  if (trimmed === '' || trimmed === '/') return '';
  const withSlash = `/${trimmed.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  if (!prefixPattern.test(withSlash) || withSlash.split('/').some((s) => s === '.' || s === '..')) {
    throw new TypeError(`invalid templates prefix "${prefix}": use path segments like /reports/v2`);
  }
  return withSlash;
}

// A path parameter: a positive decimal integer without leading zeros (nothing else can name a
// provider, so nothing else is forwarded).
const idPattern = '[1-9][0-9]{0,15}';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(path: string): RegExp {
  const source = path
    .split(/(\{[A-Za-z]+\})/)
    .map((part) => (part.startsWith('{') ? idPattern : escape(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

const compiled = operations.map((op) => ({ op, pattern: compile(op.path) }));

/**
 * The operation a request names, if any: method and path must match exactly (no encoded
 * characters, no `//`, no `..`, no trailing slash). `pathname` excludes the query string.
 */
export function matchOperation(
  method: string,
  pathname: string,
  templatesPrefix = '',
): OperationId | undefined {
  const prefix = normalizeTemplatesPrefix(templatesPrefix);
  for (const { op, pattern } of compiled) {
    if (op.method !== method) continue;
    if (op.id === 'listReportTemplates') {
      if (pathname === `${prefix}/reportExample`) return op.id;
    } else if (pattern.test(pathname)) {
      return op.id;
    }
  }
  return undefined;
}
