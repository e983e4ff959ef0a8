// The tenant brand and theme operations (spec 'Brand' tab of the tenant detail) over real HTTP:
// a tenant administrator (or the platform super administrator) sets the brand's texts, images and
// theme; the tenant's sign-in page (getTenantInfo) shows them at once; images are judged by their
// bytes and served publicly, but only at the URL the brand holds right now.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEmail, type TestServer, type TestSession } from './harness.ts';
import { jpeg, png } from './image-bytes.ts';
import { auditEntriesOf, startTenantAdminServer } from './tenant-admin.ts';

let server: TestServer;
let superadmin: TestSession;
let acmeAdmin: TestSession;
let acmeMember: TestSession;
let acmeId: string;
let globexId: string;

const brandPath = (tenantId: string) => `/tenants/${tenantId}/brand`;
const imagePath = (tenantId: string, slot: string) => `/tenants/${tenantId}/brand/images/${slot}`;
const themePath = (tenantId: string) => `/tenants/${tenantId}/theme`;
const brandDir = () => join(server.config.dataDir, 'files', 'brand', acmeId);

const upload = (slot: string, bytes: Buffer, options: { session?: TestSession; tenant?: string; tenantId?: string; contentType?: string } = {}) =>
  server.request(options.tenant ?? 'acme', 'PUT', imagePath(options.tenantId ?? acmeId, slot), {
    session: options.session ?? acmeAdmin,
    rawBody: bytes,
    contentType: options.contentType ?? 'image/png',
  });

/** The body as bytes (the harness answers text). */
const rawBytes = (path: string) =>
  new Promise<Buffer>((resolve, reject) => {
    get({ host: '127.0.0.1', port: server.port, path, headers: { host: `acme.portal.test:${server.port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    }).on('error', reject);
  });

const tenantInfo = async () => (await server.request('acme', 'POST', '/tenant-info', { body: {} })).body;

const auditEntries = (entity: string) => auditEntriesOf(server, acmeId, entity, acmeId);

beforeAll(async () => {
  ({ server, acmeId, globexId, superadmin, acmeAdmin, acmeMember } = await startTenantAdminServer());
});

afterAll(async () => {
  await server?.close();
});

describe('getBrands', () => {
  it("answers the tenant's brand with the texts getTenantInfo shows", async () => {
    const res = await server.request('acme', 'GET', brandPath(acmeId), { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      brandname: 'Acme Meetings',
      brandUrl: 'https://acme.example',
      loginHeading: null,
      loginBody: null,
      registerHeading: null,
      registerBody: null,
      dialIn: null,
      images: { logoDark: null, logoWhite: null, favicon: null, portalBackground: null, landingBackground: null },
    });
  });

  it('answers 403 to a member, 404 for another tenant, 401 without a session, 400 for a malformed id; the super administrator reaches acme', async () => {
    expect((await server.request('acme', 'GET', brandPath(acmeId), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'GET', brandPath(globexId), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'GET', brandPath(acmeId))).status).toBe(401);
    const bad = await server.request('acme', 'GET', brandPath('not-a-uuid'), { session: acmeAdmin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
    const platform = await server.request('system', 'GET', brandPath(acmeId), { session: superadmin });
    expect(platform.status).toBe(200);
    expect(platform.body.brandname).toBe('Acme Meetings');
  });
});

describe('addBrand', () => {
  it('sets every text, clears the ones left out, keeps the brand name when absent, and getTenantInfo shows it at once', async () => {
    // Served first, so acme sits in the tenant cache when its brand changes.
    expect((await tenantInfo()).brandUrl).toBe('https://acme.example');
    const full = {
      brandname: '  Acme Video  ',
      brandUrl: 'https://video.acme.example',
      loginHeading: 'Welcome to Acme',
      loginBody: 'Sign in with your work account.',
      registerHeading: 'Join Acme',
      registerBody: 'Create your account.',
      dialIn: '+1 555 0100, PIN 1234',
    };
    const res = await server.request('acme', 'PUT', brandPath(acmeId), { session: acmeAdmin, body: full });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...full, brandname: 'Acme Video' });
    const info = await tenantInfo();
    expect(info).toMatchObject({
      brandname: 'Acme Video',
      brandUrl: 'https://video.acme.example',
      text: { portal_login_heading: 'Welcome to Acme', portal_login_body: 'Sign in with your work account.', portal_register_heading: 'Join Acme', portal_regiser_body: 'Create your account.' },
      dial_in: '+1 555 0100, PIN 1234',
      theme: { lite: { primary: '#1d4ed8' } },
    });

    const partial = await server.request('acme', 'PUT', brandPath(acmeId), { session: acmeAdmin, body: { loginHeading: 'Hello', registerBody: '   ' } });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ brandname: 'Acme Video', brandUrl: null, loginHeading: 'Hello', loginBody: null, registerHeading: null, registerBody: null, dialIn: null });
    expect((await tenantInfo()).text).toMatchObject({ portal_login_heading: 'Hello', portal_login_body: null });

    const entries = await auditEntries('tenant_brand');
    expect(entries.at(-1)).toMatchObject({ action: 'update', actorLabel: userEmail('acme', 'tenantadmin') });
    expect(entries.at(-1)?.before).toMatchObject({ brandUrl: 'https://video.acme.example' });
    expect(entries.at(-1)?.after).toMatchObject({ brandUrl: null, loginHeading: 'Hello' });
  });

  it('answers 400 with field codes for bad texts, 403 to a member, 404 for another tenant, 401 without a session', async () => {
    const badUrl = await server.request('acme', 'PUT', brandPath(acmeId), { session: acmeAdmin, body: { brandUrl: 'javascript:alert(1)' } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.errors[0]).toMatchObject({ field: 'brandUrl', code: 'invalid_url' });
    const tooLong = await server.request('acme', 'PUT', brandPath(acmeId), { session: acmeAdmin, body: { loginHeading: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]).toMatchObject({ field: 'loginHeading', code: 'too_long' });
    const unknown = await server.request('acme', 'PUT', brandPath(acmeId), { session: acmeAdmin, body: { logo: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'logo', code: 'invalid_value' });
    expect((await server.request('acme', 'PUT', brandPath(acmeId), { session: acmeMember, body: { loginHeading: 'Mine' } })).status).toBe(403);
    expect((await server.request('acme', 'PUT', brandPath(globexId), { session: acmeAdmin, body: { loginHeading: 'Mine' } })).status).toBe(404);
    expect((await server.request('acme', 'PUT', brandPath(acmeId), { body: { loginHeading: 'Mine' } })).status).toBe(401);
    expect((await tenantInfo()).text.portal_login_heading).toBe('Hello');
  });

  it("lets the platform super administrator set acme's brand, audited in acme's log under its own name", async () => {
    const res = await server.request('system', 'PUT', brandPath(acmeId), { session: superadmin, body: { brandname: 'Acme Meetings', loginHeading: 'Hello', brandUrl: 'https://acme.example' } });
    expect(res.status).toBe(200);
    expect((await tenantInfo()).brandname).toBe('Acme Meetings');
    expect((await auditEntries('tenant_brand')).at(-1)).toMatchObject({ actorLabel: userEmail('system', 'superadmin') });
  });
});

describe('updateBrand', () => {
  it('changes only the texts it names', async () => {
    const res = await server.request('acme', 'PATCH', brandPath(acmeId), { session: acmeAdmin, body: { dialIn: 'Call +1 555 0199' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brandname: 'Acme Meetings', brandUrl: 'https://acme.example', loginHeading: 'Hello', dialIn: 'Call +1 555 0199' });
    expect((await tenantInfo()).dial_in).toBe('Call +1 555 0199');
    expect((await auditEntries('tenant_brand')).at(-1)?.after).toMatchObject({ dialIn: 'Call +1 555 0199' });
  });

  it('answers 400 for an empty change or an empty brand name, 403 to a member, 404 for another tenant, 401 without a session', async () => {
    const empty = await server.request('acme', 'PATCH', brandPath(acmeId), { session: acmeAdmin, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ field: 'body', code: 'invalid_value' });
    const blank = await server.request('acme', 'PATCH', brandPath(acmeId), { session: acmeAdmin, body: { brandname: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toMatchObject({ field: 'brandname', code: 'invalid_value' });
    expect((await server.request('acme', 'PATCH', brandPath(acmeId), { session: acmeMember, body: { dialIn: null } })).status).toBe(403);
    expect((await server.request('acme', 'PATCH', brandPath(globexId), { session: acmeAdmin, body: { dialIn: null } })).status).toBe(404);
    expect((await server.request('acme', 'PATCH', brandPath(acmeId), { body: { dialIn: null } })).status).toBe(401);
  });

  it("lets the platform super administrator change acme's texts", async () => {
    const res = await server.request('system', 'PATCH', brandPath(acmeId), { session: superadmin, body: { registerHeading: 'Join us' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ registerHeading: 'Join us', loginHeading: 'Hello' });
  });
});

describe('uploadBrandImage / getBrandImage', () => {
  it('stores the logo, shows its URL on the sign-in page at once and serves exactly those bytes, publicly and immutable', async () => {
    const bytes = png(500, 3);
    const res = await upload('logoDark', bytes);
    expect(res.status).toBe(200);
    const url = res.body.images.logoDark as string;
    expect(url).toMatch(new RegExp(`^/api/v1/brand-images/${acmeId}/logoDark-[a-f0-9]{16}\\.png$`));
    expect(res.body.loginHeading).toBe('Hello');
    expect((await tenantInfo()).logos.logoDark).toBe(url);

    const got = await server.request('acme', 'GET', url);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['content-length']).toBe('500');
    expect((await rawBytes(url)).equals(bytes)).toBe(true);

    const entry = (await auditEntries('tenant_brand')).at(-1);
    expect(entry?.before).toMatchObject({ images: { logoDark: null } });
    expect(entry?.after).toMatchObject({ images: { logoDark: url } });
  });

  it('judges the type by the bytes, and a new upload retires the old URL', async () => {
    const first = await upload('favicon', png());
    const firstUrl = first.body.images.favicon as string;
    // Declared a PNG, but the bytes are a JPEG.
    const second = await upload('favicon', jpeg(300, 7));
    expect(second.status).toBe(200);
    const secondUrl = second.body.images.favicon as string;
    expect(secondUrl).toMatch(/\/favicon-[a-f0-9]{16}\.jpg$/);
    expect((await tenantInfo()).logos.favicon).toBe(secondUrl);
    const got = await server.request('acme', 'GET', secondUrl);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect((await server.request('acme', 'GET', firstUrl)).status).toBe(404);
    expect(existsSync(join(brandDir(), 'favicon.png'))).toBe(false);
  });

  it('serves only the current URL: another version, another slot or another tenant is 404', async () => {
    const url = (await server.request('acme', 'GET', brandPath(acmeId), { session: acmeAdmin })).body.images.logoDark as string;
    const other = url.replace(/-[a-f0-9]{16}\./, '-0123456789abcdef.');
    expect((await server.request('acme', 'GET', other)).status).toBe(404);
    expect((await server.request('acme', 'GET', url.replace('logoDark-', 'logoWhite-'))).status).toBe(404);
    expect((await server.request('acme', 'GET', url.replace(acmeId, globexId))).status).toBe(404);
    expect((await server.request('acme', 'GET', url.replace(acmeId, `urn:uuid:${acmeId}`))).status).toBe(404);
    expect((await server.request('acme', 'GET', url.replace(acmeId, acmeId.toUpperCase()))).status).toBe(404);
    expect((await server.request('acme', 'GET', `/brand-images/${acmeId}/..%2F..%2Fsecret.png`)).status).toBe(400);
    // Public wherever it is asked from: the platform's screens show acme's brand from the system host.
    expect((await server.request('system', 'GET', url)).status).toBe(200);
  });

  it('refuses bytes that are not a PNG or JPEG whatever the declared type (400 invalid_image), storing nothing', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const res = await upload('landingBackground', html);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'body', code: 'invalid_image' });
    expect((await server.request('acme', 'GET', brandPath(acmeId), { session: acmeAdmin })).body.images.landingBackground).toBeNull();
    expect(existsSync(join(brandDir(), 'landingBackground.png'))).toBe(false);
    expect(existsSync(join(brandDir(), 'landingBackground.jpg'))).toBe(false);
    const gif = await upload('landingBackground', Buffer.from('GIF89a....'), { contentType: 'image/gif' });
    expect(gif.status).toBe(415);
    const slot = await upload('banner', png());
    expect(slot.status).toBe(400);
    expect(slot.body.errors[0]).toMatchObject({ field: 'slot', code: 'invalid_value' });
  });

  it('accepts 2 MB and answers 413 file_too_large for 2.5 MB', async () => {
    expect((await upload('portalBackground', png(2 * 1024 * 1024))).status).toBe(200);
    const res = await upload('landingBackground', png(2.5 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large');
    expect(res.body.detail).toContain('brand image');
    expect(existsSync(join(brandDir(), 'landingBackground.png'))).toBe(false);
  });

  it('answers 403 to a member, 404 for another tenant, 401 without a session', async () => {
    expect((await upload('logoWhite', png(), { session: acmeMember })).status).toBe(403);
    expect((await upload('logoWhite', png(), { tenantId: globexId })).status).toBe(404);
    const anonymous = await server.request('acme', 'PUT', imagePath(acmeId, 'logoWhite'), { rawBody: png(), contentType: 'image/png' });
    expect(anonymous.status).toBe(401);
    expect(existsSync(join(server.config.dataDir, 'files', 'brand', globexId))).toBe(false);
  });

  it("lets the platform super administrator upload acme's background, shown on acme's sign-in page", async () => {
    const res = await upload('portalBackground', jpeg(), { session: superadmin, tenant: 'system' });
    expect(res.status).toBe(200);
    const url = res.body.images.portalBackground as string;
    expect((await tenantInfo()).backgroundImages.portal).toBe(url);
    expect((await server.request('acme', 'GET', url)).headers['content-type']).toBe('image/jpeg');
  });
});

describe('deleteBrandImage', () => {
  it('removes the image: the brand and sign-in page drop it and its URL answers 404', async () => {
    const url = (await upload('logoWhite', png())).body.images.logoWhite as string;
    expect((await server.request('acme', 'GET', url)).status).toBe(200);
    const res = await server.request('acme', 'DELETE', imagePath(acmeId, 'logoWhite'), { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body.images.logoWhite).toBeNull();
    expect(res.body.images.logoDark).not.toBeNull();
    expect((await tenantInfo()).logos.logoWhite).toBeNull();
    expect((await server.request('acme', 'GET', url)).status).toBe(404);
    expect(existsSync(join(brandDir(), 'logoWhite.png'))).toBe(false);
    expect((await auditEntries('tenant_brand')).at(-1)?.after).toMatchObject({ images: { logoWhite: null } });
    // Removing it again changes nothing.
    expect((await server.request('acme', 'DELETE', imagePath(acmeId, 'logoWhite'), { session: acmeAdmin })).status).toBe(200);
  });

  it('answers 403 to a member, 404 for another tenant, 401 without a session, 400 for an unknown slot; the super administrator reaches acme', async () => {
    expect((await server.request('acme', 'DELETE', imagePath(acmeId, 'logoDark'), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'DELETE', imagePath(globexId, 'logoDark'), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'DELETE', imagePath(acmeId, 'logoDark'))).status).toBe(401);
    expect((await server.request('acme', 'DELETE', imagePath(acmeId, 'banner'), { session: acmeAdmin })).status).toBe(400);
    const res = await server.request('system', 'DELETE', imagePath(acmeId, 'favicon'), { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body.images.favicon).toBeNull();
    expect((await tenantInfo()).logos.favicon).toBeNull();
  });
});

describe('getTenantTheme / updateTenantTheme', () => {
  it('answers the stored theme', async () => {
    const res = await server.request('acme', 'GET', themePath(acmeId), { session: acmeAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lite: { primary: '#1d4ed8' } });
  });

  it('replaces the theme; getTenantInfo shows it at once; the change is audited', async () => {
    const lite = { primary: '#0f766e', text: 'rgb(17, 24, 39)', background: ' rgba(255,255,255,0.9) ' };
    const res = await server.request('acme', 'PUT', themePath(acmeId), { session: acmeAdmin, body: { lite } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lite: { ...lite, background: 'rgba(255,255,255,0.9)' } });
    expect((await tenantInfo()).theme.lite).toEqual(res.body.lite);
    expect((await server.request('acme', 'GET', themePath(acmeId), { session: acmeAdmin })).body).toEqual(res.body);
    const entry = (await auditEntries('tenant_theme')).at(-1);
    expect(entry).toMatchObject({ action: 'update', actorLabel: userEmail('acme', 'tenantadmin'), before: { lite: { primary: '#1d4ed8' } }, after: res.body });
  });

  it('answers 400 invalid_theme for a value that is not a colour or a bad variable name, keeping the stored theme', async () => {
    const before = (await server.request('acme', 'GET', themePath(acmeId), { session: acmeAdmin })).body;
    const notColour = await server.request('acme', 'PUT', themePath(acmeId), { session: acmeAdmin, body: { lite: { primary: 'red; background: url(x)' } } });
    expect(notColour.status).toBe(400);
    expect(notColour.body.errors[0]).toMatchObject({ field: 'lite.primary', code: 'invalid_theme' });
    const badName = await server.request('acme', 'PUT', themePath(acmeId), { session: acmeAdmin, body: { lite: { '--x y': '#fff' } } });
    expect(badName.status).toBe(400);
    expect(badName.body.errors[0]).toMatchObject({ code: 'invalid_theme' });
    const notObject = await server.request('acme', 'PUT', themePath(acmeId), { session: acmeAdmin, body: { lite: '#fff' } });
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors[0]).toMatchObject({ field: 'lite', code: 'invalid_theme' });
    const missing = await server.request('acme', 'PUT', themePath(acmeId), { session: acmeAdmin, body: {} });
    expect(missing.body.errors[0]).toMatchObject({ field: 'lite', code: 'required' });
    expect((await server.request('acme', 'GET', themePath(acmeId), { session: acmeAdmin })).body).toEqual(before);
    expect((await tenantInfo()).theme.lite).toEqual(before.lite);
  });

  it('answers 403 to a member, 404 for another tenant, 401 without a session', async () => {
    expect((await server.request('acme', 'GET', themePath(acmeId), { session: acmeMember })).status).toBe(403);
    expect((await server.request('acme', 'PUT', themePath(acmeId), { session: acmeMember, body: { lite: {} } })).status).toBe(403);
    expect((await server.request('acme', 'GET', themePath(globexId), { session: acmeAdmin })).status).toBe(404);
    expect((await server.request('acme', 'PUT', themePath(globexId), { session: acmeAdmin, body: { lite: {} } })).status).toBe(404);
    expect((await server.request('acme', 'GET', themePath(acmeId))).status).toBe(401);
    expect((await server.request('acme', 'PUT', themePath(acmeId), { body: { lite: {} } })).status).toBe(401);
  });

  it('getTenantTheme: 400 for a malformed tenant id', async () => {
    const res = await server.request('acme', 'GET', themePath('not-a-uuid'), { session: acmeAdmin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors[0]).toMatchObject({ field: 'tenantId', code: 'invalid_value' });
  });

  it("lets the platform super administrator read and reset acme's theme (an empty theme restores the default)", async () => {
    expect((await server.request('system', 'GET', themePath(acmeId), { session: superadmin })).body.lite.primary).toBe('#0f766e');
    const res = await server.request('system', 'PUT', themePath(acmeId), { session: superadmin, body: { lite: {} } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lite: {} });
    expect((await tenantInfo()).theme).toEqual({ lite: {} });
    expect((await auditEntries('tenant_theme')).at(-1)).toMatchObject({ actorLabel: userEmail('system', 'superadmin') });
  });
});

describe('deleteTenant', () => {
  it("removes the tenant's brand images and profile pictures", async () => {
    const created = await server.request('system', 'POST', '/tenants', {
      session: superadmin,
      body: { name: 'Brandless', sname: 'brandless', admin: { email: 'a@brandless.test', firstName: 'B', lastName: 'Admin', passwordMode: 'generate' } },
    });
    const id = created.body.tenant.id as string;
    expect((await upload('logoDark', png(), { session: superadmin, tenant: 'system', tenantId: id })).status).toBe(200);
    const dir = join(server.config.dataDir, 'files', 'brand', id);
    expect(existsSync(join(dir, 'logoDark.png'))).toBe(true);
    // Its users' profile pictures go too (placed directly: the new tenant's admin never signed in).
    const avatars = join(server.config.dataDir, 'files', 'avatars', id);
    mkdirSync(avatars, { recursive: true });
    writeFileSync(join(avatars, 'someone.png'), png());
    expect((await server.request('system', 'DELETE', `/tenants/${id}`, { session: superadmin })).status).toBe(204);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(avatars)).toBe(false);
  });
});
