import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/contract/openapi/document.ts';
import { OPERATION_IDS, operations } from '../../src/contract/operations.ts';
import { DOCUMENT_PATH, documentText } from '../../scripts/openapi.ts';
import { createResponseChecker } from './response-check.ts';

const run = promisify(execFile);
const document = buildOpenApiDocument();
const checker = createResponseChecker(document);

type Operation = {
  operationId: string;
  description: string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { example: unknown }> };
  responses: Record<
    string,
    { content?: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> }
  >;
  'x-decisions': { gap: string; decision: string }[];
};
const operationsOf = () =>
  operations.map((op) => {
    const item = document.paths[op.path] as Record<string, Operation>;
    return { op, doc: item[op.method.toLowerCase()] as Operation };
  });

const page = (license: unknown) =>
  JSON.stringify({
    success: true,
    code: 200,
    response: {
      doctors: [{ id: 'd1', name: 'A', lastname: 'B', license }],
      billing: { mode: 'PARTNER_SELF', managedBy: 'X' },
      meta: { total: 1, offset: 0, limit: 10 },
    },
  });
const kinds = (license: unknown) =>
  checker.check('GET', '/payments/v1/subscription/provider/101/user', 200, page(license)).map((p) => p.kind);

describe('the OpenAPI document (npm run openapi, docs/openapi.json)', () => {
  it('validates as OpenAPI 3.1 against the official schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect([result.valid, validator.version]).toEqual([true, '3.1']);
  });

  it('is what docs/openapi.json holds: the committed file follows the contract (else run `npm run openapi`)', () => {
    expect(readFileSync(DOCUMENT_PATH, 'utf8')).toBe(documentText(document));
  });

  it('covers the nine operations at the spec paths with their parameters, bodies, answers and errors', () => {
    expect(operationsOf().map(({ doc }) => doc.operationId)).toEqual([...OPERATION_IDS]);
    const byId = Object.fromEntries(operationsOf().map(({ op, doc }) => [op.id, doc]));
    const params = (id: string) =>
      byId[id]?.parameters?.map((p) => `${p.in}:${p.name}${p.required ? '!' : ''}`);
    expect(params('listChildCenters')).toEqual(['path:providerId!', 'query:limit', 'query:offset']);
    expect(params('listDoctorsWithLicenses')).toEqual([
      'path:providerId!',
      'query:limit',
      'query:offset',
      'query:search',
    ]);
    expect(params('getLicenses')).toEqual(['path:providerId!', 'query:userId', 'query:type']);
    expect(params('listReportTemplates')).toEqual([
      'query:providerId!',
      'query:userId',
      'query:excludeProvider',
      'query:limit',
      'query:offset',
    ]);
    for (const { op, doc } of operationsOf()) {
      expect(Boolean(doc.requestBody), op.id).toBe(op.method === 'POST');
      expect(Object.keys(doc.responses), op.id).toEqual(expect.arrayContaining(['200', '400', '401']));
    }
    expect(Object.keys(byId.requestToken?.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
    ]);
    expect(Object.keys(byId.sendPartnerWebhook?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '422',
      '429',
    ]);
  });

  it('has an example for every operation, and every example matches its own schema', () => {
    let checked = 0;
    for (const { op, doc } of operationsOf()) {
      for (const [status, response] of Object.entries(doc.responses)) {
        const media = response.content?.['application/json'];
        const values = media?.examples ? Object.values(media.examples).map((e) => e.value) : [media?.example];
        expect(values.length, `${op.id} ${status}`).toBeGreaterThan(0);
        for (const value of values) {
          expect(value, `${op.id} ${status} has an example`).toBeDefined();
          expect(
            checker.check(op.method, op.path, Number(status), JSON.stringify(value)),
            `${op.id} ${status}`,
          ).toEqual([]);
          checked += 1;
        }
      }
    }
    // Nine successes (four for 4.7's shapes) and every error status of every operation.
    expect(checked).toBeGreaterThan(40);
  });

  it('says which decision the simulator follows wherever the spec says "not shown"', () => {
    const decisions = Object.fromEntries(
      operationsOf().map(({ op, doc }) => [op.id, doc['x-decisions'].map((d) => d.decision).join(' ')]),
    );
    expect(decisions).toMatchObject({
      requestToken: expect.stringContaining('D1'),
      registerDoctors: expect.stringContaining('D4'),
      createChildCenter: expect.stringContaining('D5'),
      getChildCenterCredentials: expect.stringContaining('D3'),
      listChildCenters: expect.stringContaining('D5'),
      listDoctorsWithLicenses: expect.stringContaining('D6'),
      getLicenses: expect.stringContaining('D7'),
      sendPartnerWebhook: expect.stringContaining('D8'),
      listReportTemplates: expect.stringContaining('D9'),
    });
    for (const { doc } of operationsOf())
      for (const note of doc['x-decisions'])
        expect(doc.description).toContain(`${note.gap}: **${note.decision}**`);
    const error = JSON.stringify(document.components.schemas.Error);
    expect(error).toContain('D2');
  });

  it('is strict where the contract is tolerant: unknown fields and values fail, absent always-sent fields too', () => {
    const licence = {
      type: 'BASIC',
      isEnabled: true,
      currentUsage: 1,
      limit: 100,
      expiresAt: '2026-12-12T10:00:00Z',
    };
    expect(kinds(licence)).toEqual([]);
    expect(kinds({ ...licence, seats: 3 })).toEqual(['unknown-field']);
    expect(kinds({ ...licence, type: 'PLATINUM' })).toEqual(['unknown-value']);
    const { expiresAt: _absent, ...withoutExpiry } = licence;
    expect(kinds(withoutExpiry)).toEqual(['shape']);
    expect(kinds({ ...licence, expiresAt: '2026-12-12T11:00:00+01:00' })).toEqual(['shape']);
  });

  it('puts the templates path after the environment prefix (D9)', () => {
    expect(Object.keys(buildOpenApiDocument({ templatesPrefix: 'reports/v1' }).paths)).toContain(
      '/reports/v1/reportExample',
    );
  });

  it('npm run openapi writes the document to the file named by --out', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'doc.json');
    const { stdout } = await run(process.execPath, [
      path.resolve(import.meta.dirname, '../../scripts/openapi.ts'),
      '--out',
      out,
    ]);
    expect(stdout).toMatch(/wrote .*doc\.json \(9 paths\)/);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(document);
  });
});
