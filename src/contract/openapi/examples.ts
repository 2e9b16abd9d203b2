// One example per operation (several for 4.7's shapes), in the demo seed's world (D12). A test
// validates each against the document's own schemas, so an example cannot drift from them.

const doctor = {
  name: 'Ana',
  lastname: 'Puig',
  email: 'ana.puig@example.org',
  doctorId: 'ext-0001',
  healthProviderId: 101,
  doctorSpeciality: 3,
  lang: 'CA',
};

const envelope = (response: unknown) => ({ success: true, code: 200, response });

const detail = {
  id: 12,
  type: 'BASIC',
  limit: 100,
  currentUsage: 40,
  isEnabled: true,
  createdAt: '2026-11-22 09:00:00',
  updatedAt: '2026-11-22 09:00:00',
  lastUsedAt: '2026-11-22 09:00:00',
  expiresAt: '2026-12-12T10:00:00Z',
  userId: '101-doc-005',
  name: 'Laia',
  lastname: 'Ferrer',
};

export const examples = {
  requestToken: {
    request: {
      grant_type: 'client_credentials',
      client_id: 'demo-parent',
      client_secret: 'demo-parent-secret',
    },
    response: {
      access_token: 'sim_6f1c2a9e0b7d4e3f8a5b1c2d3e4f5a6b',
      token_type: 'Bearer',
      expires_in: 3600,
    },
  },
  registerDoctors: {
    request: { doctors: [doctor] },
    response: { success: true, message: 'Doctor registered', doctorId: 'svc-88' },
  },
  createChildCenter: {
    request: { name: 'Clínica Sol', country: 'ES', city: 'Girona' },
    response: envelope({
      providerId: 1000,
      clientId: 'client-1000-3fa85f64',
      secret: '9b2d1f0c7a6e4b3d8c5f2a1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c',
    }),
  },
  getChildCenterCredentials: {
    response: envelope({ clientId: 'demo-child-101', secret: 'demo-child-101-secret' }),
  },
  listChildCenters: {
    response: envelope({
      data: [
        { id: 101, name: 'Clínica Diagonal', country: 'ES', city: 'Barcelona' },
        { id: 102, name: 'Centro Médico Gràcia', country: 'ES', city: 'Barcelona' },
      ],
      meta: { total: 34, offset: 0, limit: 2 },
    }),
  },
  listDoctorsWithLicenses: {
    response: envelope({
      doctors: [
        {
          id: '101-doc-005',
          name: 'Laia',
          lastname: 'Ferrer',
          license: {
            type: 'BASIC',
            isEnabled: true,
            currentUsage: 40,
            limit: 100,
            expiresAt: '2026-12-12T10:00:00Z',
          },
        },
        { id: '101-doc-017', name: 'Marc', lastname: 'Font', license: null },
      ],
      billing: { mode: 'PARTNER_SELF', managedBy: 'Red Salud Demo' },
      meta: { total: 24, offset: 0, limit: 2 },
    }),
  },
  getLicenses: {
    processor: envelope({
      summary: [
        { type: 'BASIC', total: 10, used: 4, available: 6 },
        { type: 'ELITE', total: 5, used: 2, available: 3 },
      ],
      scheduledDowngrade: { quantity: { '8': 6, '9': 3 }, effectiveDate: '2026-12-12T10:00:00Z' },
      suspension: { suspended: false },
    }),
    partnerSelf: envelope({
      summary: [{ type: 'BASIC', total: 4, used: 3, available: 1 }],
      status: 'INACTIVE',
    }),
    payPerUse: envelope({
      contractModel: 'USAGE',
      summary: [{ type: 'USAGE', total: null, used: 4, available: null }],
      scheduledSwitch: { quantity: { '8': 4, '9': 1 }, effectiveDate: '2026-12-12 10:00:00' },
      status: 'ACTIVE',
    }),
    licenses: envelope({ licenses: [detail] }),
  },
  sendPartnerWebhook: {
    request: {
      id: 'evt_1001',
      type: 'checkout.session.completed',
      created: '2026-11-22T10:00:00Z',
      data: {
        providerId: 105,
        items: [
          { planType: 'BASIC', quantity: 5 },
          { planType: 'ELITE', quantity: 2 },
        ],
      },
    },
    response: envelope({ eventId: 'evt_1001', applied: true, status: 'ACTIVE' }),
  },
  listReportTemplates: {
    response: envelope({
      data: [
        {
          id: 1,
          name: 'Informe de alta 1',
          description: 'Plantilla del centro',
          type: 1,
          specialityId: 0,
          isValidated: false,
          ownerType: 'HEALTH_PROVIDER',
          providerId: '101',
        },
        {
          id: 46,
          name: 'Plantilla personal 1',
          description: 'Plantilla del usuario 101-doc-002',
          type: 1,
          specialityId: 0,
          isValidated: false,
          ownerType: 'USER',
          providerId: '101',
          userId: '101-doc-002',
        },
      ],
      meta: { total: 65, offset: 0, limit: 2 },
    }),
  },
  errors: {
    400: {
      success: false,
      code: 400,
      message: 'Invalid request: doctors[0].email must be a valid e-mail address',
      errors: [{ field: 'doctors[0].email', message: 'must be a valid e-mail address' }],
    },
    401: { success: false, code: 401, message: 'Unknown token' },
    403: { success: false, code: 403, message: 'Provider 100 may not act on provider 201' },
    404: { success: false, code: 404, message: 'Provider 999 does not exist' },
    409: { success: false, code: 409, message: 'Provider 201 is not billed by its parent (PARTNER_SELF)' },
    422: { success: false, code: 422, message: 'The centre already has an active contract' },
    429: {
      success: false,
      code: 429,
      message: 'This demo world holds at most 20000 new doctors until it is reset to its seed; it is full.',
    },
    oauth400: { error: 'unsupported_grant_type' },
    oauth401: { error: 'invalid_client' },
  },
} as const;
