// What the tenant's plans allow together (billing/limits.ts tenantEffectiveLimits), as the meetings
// side enforces it and Current plans shows it: a plan without a kind leaves the kind unlimited (so a
// second, smaller plan never shrinks what the first allows), a per-meeting kind is the largest
// plan's, a pooled kind the sum; no plan, the platform's defaults (none saved here, so unlimited:
// no-plan-limits.test.ts saves some).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantEffectiveLimits } from '../src/billing/limits.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const kinds = ['participants', 'meeting_duration', 'concurrent_meetings', 'storage_gb'] as const;

describe('effective plan limits', () => {
  let server: TestServer;
  let superadmin: TestSession;
  let productId: string;
  const platform = (method: string, path: string, body: unknown) => server.request('system', method, path, { session: superadmin, body });
  const effective = (tenant: 'acme' | 'globex') => server.database.withTenant(server.ids.tenants[tenant], (tx) => tenantEffectiveLimits(tx, server.ids.tenants[tenant], kinds));
  const assign = async (tenant: 'acme' | 'globex', name: string, limits: { kind: string; value: number; unit: string }[]) => {
    const plan = await platform('POST', '/plans', { name, productId, minUsers: 1, maxUsers: 500, published: true, prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 500 }], limits });
    expect(plan.status, plan.text).toBe(201);
    const assigned = await platform('POST', `/tenants/${server.ids.tenants[tenant]}/assigned-plans`, { planId: plan.body.id, licenses: 20, billingCycle: 'monthly', currency: 'USD' });
    expect(assigned.status, assigned.text).toBe(201);
  };

  beforeAll(async () => {
    server = await startTestServer();
    superadmin = await server.login('system', userEmail('system', 'superadmin'));
    const product = await platform('POST', '/products', { name: 'Meetings', isBundle: false });
    productId = product.body.id;
  });
  afterAll(() => server?.close());

  it('has no limits without a plan', async () => {
    expect(await effective('acme')).toEqual({ participants: null, meeting_duration: null, concurrent_meetings: null, storage_gb: null });
  });

  it('takes the largest per-meeting value and adds pooled ones, while every plan sets them', async () => {
    await assign('acme', 'Small', [
      { kind: 'participants', value: 50, unit: 'Number' },
      { kind: 'meeting_duration', value: 60, unit: 'Minutes' },
      { kind: 'concurrent_meetings', value: 2, unit: 'Number' },
    ]);
    await assign('acme', 'Large', [
      { kind: 'participants', value: 300, unit: 'Number' },
      { kind: 'meeting_duration', value: 240, unit: 'Minutes' },
      { kind: 'concurrent_meetings', value: 10, unit: 'Number' },
    ]);
    expect(await effective('acme')).toEqual({ participants: 300, meeting_duration: 240, concurrent_meetings: 12, storage_gb: null });
  });

  it('leaves a kind unlimited when one of the plans does not set it', async () => {
    await assign('globex', 'Unlimited length', [{ kind: 'participants', value: 300, unit: 'Number' }]);
    await assign('globex', 'Starter', [
      { kind: 'participants', value: 50, unit: 'Number' },
      { kind: 'meeting_duration', value: 60, unit: 'Minutes' },
    ]);
    expect(await effective('globex')).toEqual({ participants: 300, meeting_duration: null, concurrent_meetings: null, storage_gb: null });
  });
});
