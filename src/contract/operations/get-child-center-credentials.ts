import { childCredentialsSchema, envelopePayload } from '../schemas.ts';
import { segment, send, type CallInit, type UpstreamClient } from '../transport.ts';

// 4.4: the same values as at creation (D5). Callers must not cache them (issue: reveal on demand).
export function getChildCenterCredentials(
  client: UpstreamClient,
  input: { childProviderId: number | string },
  init?: CallInit,
) {
  return send(
    client,
    { method: 'GET', path: `/iam/v1/provider/${segment(input.childProviderId)}/credentials` },
    envelopePayload(childCredentialsSchema),
    init,
  );
}
