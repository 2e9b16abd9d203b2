// The typed contract of the Health Provider Integration Service (spec §2 and §4, D1–D12): one
// module per operation, over an injected transport, so that the console (through the proxy's
// `/api`), the proxy and tests share it. It depends on zod only.
export * from './api-error.ts';
export * from './dates.ts';
export * from './operations.ts';
export * from './result.ts';
export * from './schemas.ts';
export * from './tolerant.ts';
export * from './transport.ts';
export * from './operations/create-child-center.ts';
export * from './operations/get-child-center-credentials.ts';
export * from './operations/get-licenses.ts';
export * from './operations/list-child-centers.ts';
export * from './operations/list-doctors-with-licenses.ts';
export * from './operations/list-report-templates.ts';
export * from './operations/register-doctors.ts';
export * from './operations/request-token.ts';
export * from './operations/send-partner-webhook.ts';
