// 4.9 under the spec's three rules and §8's maximum page size, the 401 of spec §5, and the only
// writes the run ever makes (with --allow-writes): one doctor registered in the allowed centre.
import {
  listChildCenters,
  listDoctorsWithLicenses,
  listReportTemplates,
  registerDoctors,
  wireValue,
  type ReportTemplate,
} from '../../src/contract/index.ts';
import { expectStatus, expectThat, rule, type Check, type Context } from './check.ts';

function templateRules(
  items: ReportTemplate[],
  ctx: Context,
  allowed: (t: ReportTemplate) => boolean,
  why: string,
) {
  return [
    ...items.flatMap((t, i) =>
      expectThat(
        allowed(t),
        `template ${t.id} (${wireValue(t.ownerType)}${t.userId ? ` of ${t.userId}` : ''}) ${why}`,
        `/response/data/${i}`,
      ),
    ),
    ...items.flatMap((t, i) =>
      expectThat(
        (wireValue(t.ownerType) === 'USER') === (t.userId !== undefined),
        'userId is present exactly when ownerType is USER (2.13)',
        `/response/data/${i}`,
      ),
    ),
    ...items.flatMap((t, i) =>
      expectThat(
        t.providerId === String(ctx.centreId),
        `providerId ${t.providerId} is not the centre`,
        `/response/data/${i}`,
      ),
    ),
    ...items
      .slice(1)
      .flatMap((t, i) =>
        expectThat(
          (items[i]?.id ?? 0) < t.id,
          'templates out of order (D9: by id)',
          `/response/data/${i + 1}`,
        ),
      ),
  ];
}

const isProvider = (t: ReportTemplate) => wireValue(t.ownerType) === 'HEALTH_PROVIDER';

export const templateChecks: Check[] = [
  {
    id: 'templates-provider',
    title: "4.9 rule 1, only providerId: the provider's templates, default limit 10 (§8)",
    async run(ctx) {
      const answer = await ctx.call((c) => listReportTemplates(c, { providerId: ctx.centreId }));
      if (!answer.result.ok) return { answer, rules: expectStatus(answer, 200, 'spec 4.9') };
      const { data, meta } = answer.result.value;
      return {
        answer,
        rules: [
          ...expectThat(
            meta.limit === 10 && meta.offset === 0,
            `meta ${JSON.stringify(meta)} is not the default page (§8)`,
          ),
          ...templateRules(data, ctx, isProvider, 'is not the provider’s (rule 1)'),
        ],
      };
    },
  },
  {
    id: 'templates-user',
    title: "4.9 rule 2, providerId and userId: the user's templates and the provider's",
    async run(ctx) {
      const userId = ctx.userId;
      if (userId === undefined)
        return { skip: 'no user: the centre lists no doctors and --user-id was not given' };
      const answer = await ctx.call((c) =>
        listReportTemplates(c, { providerId: ctx.centreId, userId, limit: 100 }),
      );
      if (!answer.result.ok) return { answer, rules: expectStatus(answer, 200, 'spec 4.9') };
      const { data } = answer.result.value;
      return {
        answer,
        rules: templateRules(
          data,
          ctx,
          (t) => isProvider(t) || t.userId === userId,
          `belongs to neither the provider nor ${userId} (rule 2)`,
        ),
        note: `user ${userId}: ${data.filter((t) => !isProvider(t)).length} own templates on the page`,
      };
    },
  },
  {
    id: 'templates-user-only',
    title: "4.9 rule 3, userId and excludeProvider=true: only the user's templates",
    async run(ctx) {
      const userId = ctx.userId;
      if (userId === undefined)
        return { skip: 'no user: the centre lists no doctors and --user-id was not given' };
      const answer = await ctx.call((c) =>
        listReportTemplates(c, { providerId: ctx.centreId, userId, excludeProvider: true, limit: 100 }),
      );
      if (!answer.result.ok) return { answer, rules: expectStatus(answer, 200, 'spec 4.9') };
      return {
        answer,
        rules: templateRules(
          answer.result.value.data,
          ctx,
          (t) => t.userId === userId && !isProvider(t),
          `is not ${userId}'s own (rule 3)`,
        ),
      };
    },
  },
  {
    id: 'templates-limit-101',
    title: '4.9 templates with limit=101: 400 with the D2 body (§8: maximum 100)',
    async run(ctx) {
      const answer = await ctx.call((c) => listReportTemplates(c, { providerId: ctx.centreId, limit: 101 }));
      return { answer, rules: expectStatus(answer, 400, 'spec §8') };
    },
  },
  {
    id: 'unauthenticated',
    title: '§5 an operation without a token: 401 with the D2 body',
    async run(ctx) {
      const answer = await ctx.call((c) => listChildCenters(c, { providerId: ctx.providerId }), true);
      return { answer, rules: expectStatus(answer, 401, 'spec §5, D1') };
    },
  },
];

/** A doctor the run may register (D4: idempotent by doctorId, so a rerun creates no duplicate). */
const conformanceDoctor = (centreId: number) => ({
  name: 'Conformance',
  lastname: 'Check',
  doctorId: `conformance-check-${centreId}`,
  healthProviderId: centreId,
  doctorSpeciality: 1,
  lang: 'EN' as const,
});

export const writeChecks: Check[] = [
  {
    id: 'register-doctor',
    title: '4.2 register one doctor in the allowed centre (idempotent, D4), then find it in 4.6',
    async run(ctx) {
      const centreId = ctx.allowWrites;
      if (centreId === undefined) return { skip: 'no --allow-writes' };
      const doctor = conformanceDoctor(centreId);
      const answer = await ctx.call((c) => registerDoctors(c, { doctors: [doctor] }));
      if (!answer.result.ok) return { answer, rules: expectStatus(answer, 200, 'spec 4.2') };
      const listed = await ctx.call((c) =>
        listDoctorsWithLicenses(c, { providerId: centreId, search: doctor.name, limit: 100 }),
      );
      const found = listed.result.ok && listed.result.value.doctors.some((d) => d.id === doctor.doctorId);
      return {
        answer,
        rules: [
          ...expectThat(answer.result.value.success, 'success is false (2.2)'),
          ...(found ? [] : [rule(`doctor ${doctor.doctorId} is not listed by 4.6 after registration`)]),
        ],
      };
    },
  },
];
