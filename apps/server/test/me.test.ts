import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userEmail, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Node = { id: string; url?: string; auth?: string[]; children?: Node[] };
const ids = (nodes: Node[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);

describe('getCurrentUser', () => {
  it('describes the signed-in user, their tenant, default settings and CSRF token', async () => {
    const session = await server.login('acme', userEmail('acme', 'admin'));
    const response = await server.request('acme', 'GET', '/me', { session });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: server.ids.users['admin@acme.test'],
      email: 'admin@acme.test',
      role: 'admin',
      roles: ['admin'],
      tenant: { id: server.ids.tenants.acme, sname: 'acme' },
      settings: { layout: 'vertical', navbarFolded: false, colorScheme: 'auto', shortcuts: [] },
      csrfToken: session.csrfToken,
    });
    expect(response.body.permissions).toContain('user.get');
  });
});

describe('getSession', () => {
  it('answers 200 with no user when nobody is signed in, so the browser logs no error', async () => {
    const response = await server.request('acme', 'GET', '/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: null });
  });

  it("answers the session's user as getCurrentUser does, and none again after sign-out", async () => {
    const session = await server.login('acme', userEmail('acme', 'member'));
    const signedIn = await server.request('acme', 'GET', '/session', { session });
    const me = await server.request('acme', 'GET', '/me', { session });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toEqual(me.body);
    expect(signedIn.body.user.email).toBe('member@acme.test');
    expect((await server.request('acme', 'POST', '/auth/logout', { session })).status).toBe(204);
    expect((await server.request('acme', 'GET', '/session', { session })).body).toEqual({ user: null });
  });

  it("never answers another tenant's session", async () => {
    const session = await server.login('acme', userEmail('acme', 'member'));
    const response = await server.request('globex', 'GET', '/session', { session });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: null });
  });
});

describe('getUserPermissions', () => {
  it('answers 401 without a session', async () => {
    const response = await server.request('acme', 'GET', '/me/permissions');
    expect(response.status).toBe(401);
  });

  it('gives the super administrator platform items but no tenant-user-only meeting items', async () => {
    const session = await server.login('system', userEmail('system', 'superadmin'));
    const response = await server.request('system', 'GET', '/me/permissions', { session });
    expect(response.status).toBe(200);
    const visible = ids(response.body.data.children);
    expect(visible).toEqual(
      expect.arrayContaining(['dashboard', 'global-configuration', 'kubernetes', 'phone-numbers', 'devportal', 'clients', 'plans', 'products', 'user', 'audit-log', 'email-log', 'tenant']),
    );
    expect(visible).not.toContain('schedule-meeting');
    expect(visible).not.toContain('upcoming-meetings');
    const kubernetes = response.body.data.children
      .find((node: Node) => node.id === 'global-configuration')
      .children.find((node: Node) => node.id === 'kubernetes');
    expect(kubernetes).toMatchObject({ type: 'item', url: '/portal/kubernetes-config', icon: 'server-cog', translate: 'nav.kubernetes', auth: ['superadmin'] });
  });

  it('gives a member meetings, profile and apps, and none of the administration', async () => {
    const session = await server.login('acme', userEmail('acme', 'member'));
    const response = await server.request('acme', 'GET', '/me/permissions', { session });
    const visible = ids(response.body.data.children);
    expect(visible).toEqual(expect.arrayContaining(['meetings', 'schedule-meeting', 'upcoming-meetings', 'personal-meeting', 'profile', 'apps']));
    for (const hidden of ['dashboard', 'user', 'audit-log', 'email-log', 'global-configuration', 'recording', 'tenant', 'roles', 'billing', 'phone-numbers']) {
      expect(visible).not.toContain(hidden);
    }
    expect(response.body.role).toBe('member');
  });

  it('gives a tenant administrator its tenant screens, recordings and billing, but no platform items', async () => {
    const session = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const visible = ids((await server.request('acme', 'GET', '/me/permissions', { session })).body.data.children);
    expect(visible).toEqual(expect.arrayContaining(['dashboard', 'cloud-recordings', 'user', 'audit-log', 'email-log', 'tenant', 'roles', 'billing-plan', 'billing-invoice', 'billing-pending']));
    for (const hidden of ['global-configuration', 'phone-numbers', 'devportal', 'feedback', 'clients', 'plans', 'products']) {
      expect(visible).not.toContain(hidden);
    }
  });

  it("gives the account administrator the billing screens, its tenant's invoices included, and no administration", async () => {
    const session = await server.login('acme', userEmail('acme', 'accountadmin'));
    const visible = ids((await server.request('acme', 'GET', '/me/permissions', { session })).body.data.children);
    expect(visible).toEqual(expect.arrayContaining(['billing-plan', 'billing-invoice', 'billing-pending', 'schedule-meeting', 'profile']));
    for (const hidden of ['dashboard', 'user', 'audit-log', 'tenant', 'roles', 'global-configuration', 'plans', 'products']) {
      expect(visible).not.toContain(hidden);
    }
  });

  it('puts the audit and email logs right after Users, gated like it', async () => {
    const session = await server.login('acme', userEmail('acme', 'tenantadmin'));
    const top = (await server.request('acme', 'GET', '/me/permissions', { session })).body.data.children as Node[];
    const at = top.findIndex((node) => node.id === 'user');
    expect(top.slice(at, at + 3).map((node) => [node.id, node.url])).toEqual([
      ['user', '/portal/user'],
      ['audit-log', '/portal/audit-log'],
      ['email-log', '/portal/email-log'],
    ]);
    expect(top[at + 1]).toMatchObject({ type: 'item', translate: 'nav.audit_log', auth: top[at]!.auth });
  });

  it('drops groups without a visible child: a guest sees nothing', async () => {
    const session = await server.login('acme', userEmail('acme', 'guest'));
    const response = await server.request('acme', 'GET', '/me/permissions', { session });
    expect(response.body.data.children).toEqual([]);
    expect(response.body.role).toBe('guest');
  });
});

describe('updateUserSettings', () => {
  const settings = { layout: 'horizontal-1', navbarFolded: true, colorScheme: 'dark', shortcuts: ['user', 'dashboard'] };

  it('saves the layout for the next sign-in', async () => {
    const session = await server.login('globex', userEmail('globex', 'member'));
    const saved = await server.request('globex', 'PUT', '/me/settings', { session, body: settings });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(settings);
    const again = await server.login('globex', userEmail('globex', 'member'));
    expect((await server.request('globex', 'GET', '/me', { session: again })).body.settings).toEqual(settings);
  });

  it('keeps a guest\u2019s theme in the browser (403)', async () => {
    const session = await server.login('globex', userEmail('globex', 'guest'));
    const response = await server.request('globex', 'PUT', '/me/settings', { session, body: settings });
    expect(response.status).toBe(403);
  });

  it('refuses unknown layouts and malformed shortcuts with field codes', async () => {
    const session = await server.login('globex', userEmail('globex', 'admin'));
    const response = await server.request('globex', 'PUT', '/me/settings', {
      session,
      body: { ...settings, layout: 'diagonal', shortcuts: ['ok', 'Not OK', 'x'.repeat(65)] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'layout', code: 'invalid_value' }),
        expect.objectContaining({ field: 'shortcuts.1', code: 'invalid_value' }),
        expect.objectContaining({ field: 'shortcuts.2', code: 'too_long' }),
      ]),
    );
    expect((await server.request('globex', 'PUT', '/me/settings', { body: settings })).status).toBe(401);
  });
});

describe('getQuickPanelData', () => {
  it('shows an administrator the tenant, its number of users and their recent sign-ins', async () => {
    const session = await server.login('acme', userEmail('acme', 'admin'));
    const response = await server.request('acme', 'GET', '/quick-panel', { session, headers: { 'user-agent': 'QuickPanelTest/1.0' } });
    expect(response.status).toBe(200);
    const [tenant, recent] = response.body.sections;
    expect(tenant).toMatchObject({ id: 'tenant', items: [{ label: 'Acme Corporation' }, { label: 'Users', description: '7' }] });
    expect(recent.id).toBe('recent-sign-ins');
    expect(recent.items.length).toBeGreaterThan(0);
    expect((await server.request('acme', 'GET', '/quick-panel')).status).toBe(401);
  });

  it('tells a member about their tenant and themselves, not how many people it has', async () => {
    const session = await server.login('acme', userEmail('acme', 'member'));
    const response = await server.request('acme', 'GET', '/quick-panel', { session });
    expect(response.status).toBe(200);
    const [tenant] = response.body.sections;
    expect(tenant.items).toEqual([{ label: 'Acme Corporation', description: 'Realm: acme' }]);
  });
});
