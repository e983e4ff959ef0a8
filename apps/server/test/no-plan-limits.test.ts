// A tenant without a meeting plan has the platform's defaults (issue 33, part 4): the super
// administrator sets them on the Tenant configuration screen (the `noPlan` fields of PUT
// /settings/tenant), and they apply at once, over real HTTP, to scheduling and to Current plans'
// usage of every tenant without a plan, while a tenant with a plan keeps its plan's. Empty (null) is
// unlimited, a bad value changes nothing. The section is readable inside a tenant's transaction
// (the checks run there), and no other section is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantEffectiveLimits } from '../src/billing/limits.ts';
import { platformSettings } from '../src/kernel/db/schema.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { meetingBody } from './meetings-fixtures.ts';

const kinds = ['participants', 'meeting_duration', 'concurrent_meetings', 'storage_gb'] as const;
const tenantSection = { dialIn: false, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: null, maxUsers: null };
const defaults = { noPlanParticipants: 10, noPlanMeetingMinutes: 40, noPlanConcurrentMeetings: 2, noPlanStorageGb: 5 };

describe('plan limits of a tenant without a meeting plan', () => {
  let server: TestServer;
  let superadmin: TestSession;
  const saveSection = (body: Record<string, unknown>) => server.request('system', 'PUT', '/settings/tenant', { session: superadmin, body: { ...tenantSection, ...body } });
  const effective = (tenant: 'acme' | 'globex') => server.database.withTenant(server.ids.tenants[tenant], (tx) => tenantEffectiveLimits(tx, server.ids.tenants[tenant], kinds));
  const schedule = async (tenant: 'acme' | 'globex', durationMinutes: number) => {
    const host = await server.login(tenant, userEmail(tenant, 'member'));
    return server.request(tenant, 'POST', '/meetings', { session: host, body: meetingBody({ durationMinutes }) });
  };
  const usage = async (tenant: 'acme' | 'globex') => {
    const billing = await server.login(tenant, userEmail(tenant, 'accountadmin'));
    const answer = await server.request(tenant, 'GET', '/billing/usage', { session: billing });
    expect(answer.status, answer.text).toBe(200);
    server.expectMatchesSpec('getPlanUsage', 200, answer.body);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer();
    superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const platform = (method: string, path: string, body: unknown) => server.request('system', method, path, { session: superadmin, body });
    const product = await platform('POST', '/products', { name: 'Meetings', isBundle: false });
    const plan = await platform('POST', '/plans', {
      name: 'Long',
      productId: product.body.id,
      minUsers: 1,
      maxUsers: 500,
      published: true,
      prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }],
      limits: [{ kind: 'meeting_duration', value: 120, unit: 'Minutes' }],
    });
    expect(plan.status, plan.text).toBe(201);
    const assigned = await platform('POST', `/tenants/${server.ids.tenants.acme}/assigned-plans`, { planId: plan.body.id, licenses: 20, billingCycle: 'monthly', currency: 'USD' });
    expect(assigned.status, assigned.text).toBe(201);
  });
  afterAll(() => server?.close());

  it('is unlimited until the platform sets defaults', async () => {
    expect(await effective('globex')).toEqual({ participants: null, meeting_duration: null, concurrent_meetings: null, storage_gb: null });
    expect((await schedule('globex', 300)).status).toBe(201);
  });

  it('applies the saved defaults at once to a tenant without a plan, and not to one with a plan', async () => {
    const saved = await saveSection(defaults);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.values).toMatchObject(defaults);

    expect(await effective('globex')).toEqual({ participants: 10, meeting_duration: 40, concurrent_meetings: 2, storage_gb: 5 });
    const long = await schedule('globex', 45);
    expect(long.status, long.text).toBe(400);
    expect(long.body.errors).toEqual([expect.objectContaining({ field: 'durationMinutes', code: 'plan_duration_exceeded' })]);
    expect((await schedule('globex', 40)).status).toBe(201);
    expect(await usage('globex')).toMatchObject({
      storageBytes: { used: 0, limit: 5 * 1024 ** 3 },
      concurrentMeetings: { used: 0, limit: 2 },
      participantsPerMeeting: 10,
      meetingDurationMinutes: 40,
    });

    // acme's plan sets only the length: the defaults never fill in what its plan leaves unlimited.
    expect(await effective('acme')).toEqual({ participants: null, meeting_duration: 120, concurrent_meetings: null, storage_gb: null });
    expect((await schedule('acme', 90)).status).toBe(201);
  });

  it('refuses a bad default and keeps the saved ones; empty is unlimited again', async () => {
    const bad = await saveSection({ ...defaults, noPlanMeetingMinutes: 0, noPlanStorageGb: 2.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['noPlanMeetingMinutes', 'noPlanStorageGb']);
    expect((await effective('globex')).meeting_duration).toBe(40);

    const cleared = await saveSection({ ...defaults, noPlanMeetingMinutes: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await effective('globex')).toEqual({ participants: 10, meeting_duration: null, concurrent_meetings: 2, storage_gb: 5 });
    expect((await schedule('globex', 300)).status).toBe(201);
  });

  it('lets a tenant transaction read the Tenant section only', async () => {
    await server.database.withPlatform((tx) => tx.insert(platformSettings).values({ section: 'kubernetes', value: { mediaNodes: false } }).onConflictDoNothing());
    const seen = await server.database.withTenant(server.ids.tenants.globex, (tx) => tx.select({ section: platformSettings.section }).from(platformSettings));
    expect(seen).toEqual([{ section: 'tenant' }]);
  });
});
