// The launch page's app downloads (spec, Launch page): the platform administrator saves where the
// desktop clients and mobile apps are downloaded in the system settings; getTenantInfo hands each
// tenant the links of the apps its features include (desktop_client, mobile_app), null otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/kernel/db/schema.ts';
import { eq } from 'drizzle-orm';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

const system = { publicUrl: null, supportEmail: null, defaultLanguage: 'en', maintenanceMode: false };
const links = {
  windowsAppUrl: 'https://downloads.example.com/portal-setup.exe',
  macAppUrl: 'https://downloads.example.com/portal.dmg',
  androidAppUrl: 'https://play.google.com/store/apps/details?id=com.example.portal',
  iosAppUrl: null,
};

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  acmeAdmin = await server.login('acme', userEmail('acme', 'admin'));
});
afterAll(() => server?.close());

const appLinksOf = async (tenant: string) => (await server.request(tenant, 'POST', '/tenant-info', { body: {} })).body.appLinks;
const save = (body: unknown, session = superadmin, tenant = 'system') => server.request(tenant, 'PUT', '/settings/system', { session, body });

describe('app download links', () => {
  it('are none until the platform administrator saves them', async () => {
    expect(await appLinksOf('acme')).toEqual({ windows: null, mac: null, android: null, ios: null });
  });

  it('are saved in the system settings and offered to a tenant with the apps among its features', async () => {
    const saved = await save({ ...system, ...links });
    expect(saved.status, saved.text).toBe(200);
    expect((await server.request('system', 'GET', '/settings/system', { session: superadmin })).body.values).toMatchObject(links);
    expect(await appLinksOf('acme')).toEqual({ windows: links.windowsAppUrl, mac: links.macAppUrl, android: links.androidAppUrl, ios: null });
  });

  it('leaves out the apps a tenant’s features switch off', async () => {
    await server.database.withPlatform((tx) => tx.update(tenants).set({ features: { mobile_app: false, desktop_client: true } }).where(eq(tenants.sname, 'globex')));
    expect(await appLinksOf('globex')).toEqual({ windows: links.windowsAppUrl, mac: links.macAppUrl, android: null, ios: null });
  });

  it('refuses a link that is not an http(s) URL, with the field named', async () => {
    const refused = await save({ ...system, ...links, iosAppUrl: 'javascript:alert(1)' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'iosAppUrl' })]));
    expect(await appLinksOf('acme')).toMatchObject({ ios: null });
  });

  it('are the platform administrator’s to save: a tenant administrator is refused', async () => {
    const refused = await save({ ...system, ...links, iosAppUrl: 'https://apps.apple.com/app/id1' }, acmeAdmin, 'acme');
    expect([403, 404]).toContain(refused.status);
    expect(await appLinksOf('acme')).toMatchObject({ ios: null });
  });
});
