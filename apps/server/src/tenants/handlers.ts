// HTTP side of the tenant operations: resolve which tenant a request may work on, call the
// service, shape the answer. The platform super administrator (signed in at the system realm)
// reaches every tenant; anyone else only its own, and another tenant's id is a 404.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { crossTenantActor } from '../audit/actor.ts';
import { auditActorOf } from '../audit/record.ts';
import { tenants } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import type { JsonBody, PathOf, QueryOf } from '../http/api.ts';
import type { OperationHandlers } from '../http/handler.ts';
import { notFound } from '../http/problem.ts';
import { callbackPath } from '../auth/providers/index.ts';
import { answerLinkOrigin, tenantOrigin } from '../mail/link-origin.ts';
import { createSsoProvider, listSsoProviders, updateSsoProvider, type SettingsScope } from '../auth/providers/settings.ts';
import { isPlatformAdmin } from '../tenancy/platform-admin.ts';
import { listTenantRoles } from '../roles/service.ts';
import { callerOf } from '../users/role-rules.ts';
import { listTenantSubscriptions, listTenantTransactions } from './billing-records.ts';
import { deleteBrandImage, getBrand, loadBrandImage, saveBrandTexts, uploadBrandImage } from './brand.ts';
import { listTenantClients, updateTenantClient } from './clients.ts';
import { currentTenantDefaults } from './defaults.ts';
import { installApp, listApps, removeApp, updateApp } from './partner-apps.ts';
import { createTenant, deleteTenant, getTenant, updateTenant, type TenantTarget } from './service.ts';
import { addSmtp, getSmtp, sendTestMail, updateSmtp } from './smtp.ts';
import { getTheme, updateTheme } from './theme.ts';

async function targetOf(request: FastifyRequest, tenantId: string): Promise<TenantTarget> {
  const { ctx, server } = request;
  const platformAdmin = isPlatformAdmin(request);
  const own = tenantId === ctx.tenant.id;
  if (!own && !platformAdmin) throw notFound();
  const select = (tx: Database) => tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const [row] = own ? await ctx.db(select) : await server.database.withPlatform(select);
  if (!row) throw notFound();
  if (own) return { row, db: ctx.db, audit: auditActorOf(request), platformAdmin };
  // The work runs under the target tenant's row-level security, as if done from inside it.
  return { row, db: (fn) => server.database.withTenant(row.id, fn), audit: await crossTenantActor(request, row.id), platformAdmin };
}

const tenantIdOf = (request: FastifyRequest) => (request.params as PathOf<'getTenant'>).tenantId;
const slotOf = (request: FastifyRequest) => (request.params as PathOf<'uploadBrandImage'>).slot;
const appOf = (request: FastifyRequest) => (request.params as PathOf<'installTenantApp'>).app;

/** The SSO settings of the target tenant, as the caller works on them (role mappings limited to roles it can give). */
const ssoScopeOf = (request: FastifyRequest, target: TenantTarget): SettingsScope => ({
  tenantId: target.row.id,
  db: target.db,
  secrets: request.server.secrets,
  caller: callerOf(request.ctx.principal),
  audit: target.audit,
});

export const tenantsHandlers: OperationHandlers = {
  async addTenant(request, reply) {
    const { server } = request;
    const { tenant, password } = await createTenant(server.database, auditActorOf(request), request.body as JsonBody<'addTenant'>);
    reply.code(201);
    const url = `${await answerLinkOrigin(request, tenant.sname)}/portal/login`;
    return { tenant, signIn: { email: tenant.admin?.email ?? '', password, url } };
  },

  async getDefaults(request) {
    return request.server.database.withPlatform(currentTenantDefaults);
  },

  async getTenant(request) {
    return getTenant(await targetOf(request, tenantIdOf(request)));
  },

  async updateTenant(request) {
    const target = await targetOf(request, tenantIdOf(request));
    return updateTenant(request.server.database, target, request.body as JsonBody<'updateTenant'>);
  },

  async deleteTenant(request, reply) {
    await deleteTenant(request.server.database, auditActorOf(request), tenantIdOf(request), request.server.files);
    reply.code(204);
    return undefined;
  },

  async getTenantSMTP(request) {
    return { smtp: await getSmtp(await targetOf(request, tenantIdOf(request))) };
  },

  async addTenantSMTP(request, reply) {
    const smtp = await addSmtp(await targetOf(request, tenantIdOf(request)), request.server.secrets, request.body as JsonBody<'addTenantSMTP'>);
    reply.code(201);
    return smtp;
  },

  async updateTenantSMTP(request) {
    return updateSmtp(await targetOf(request, tenantIdOf(request)), request.server.secrets, request.body as JsonBody<'updateTenantSMTP'>);
  },

  async sendTenantTestMail(request) {
    const { to } = request.body as JsonBody<'sendTenantTestMail'>;
    return sendTestMail(await targetOf(request, tenantIdOf(request)), request.server.secrets, to);
  },

  async getBrands(request) {
    return getBrand(await targetOf(request, tenantIdOf(request)));
  },

  async addBrand(request) {
    return saveBrandTexts(request.server.database, await targetOf(request, tenantIdOf(request)), request.body as JsonBody<'addBrand'>, true);
  },

  async updateBrand(request) {
    return saveBrandTexts(request.server.database, await targetOf(request, tenantIdOf(request)), request.body as JsonBody<'updateBrand'>, false);
  },

  async uploadBrandImage(request) {
    const target = await targetOf(request, tenantIdOf(request));
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return uploadBrandImage(request.server.database, target, request.server.files, slotOf(request), body);
  },

  async deleteBrandImage(request) {
    const target = await targetOf(request, tenantIdOf(request));
    return deleteBrandImage(request.server.database, target, request.server.files, slotOf(request));
  },

  async getBrandImage(request, reply) {
    const { tenantId, file } = request.params as PathOf<'getBrandImage'>;
    const image = await loadBrandImage(request.server.database, request.server.files, tenantId, file);
    // The URL names one version of the image: it never changes, only stops being served.
    reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable');
    return image.bytes;
  },

  async getTenantTheme(request) {
    return getTheme(await targetOf(request, tenantIdOf(request)));
  },

  async updateTenantTheme(request) {
    return updateTheme(request.server.database, await targetOf(request, tenantIdOf(request)), request.body as JsonBody<'updateTenantTheme'>);
  },

  async getTenantRoles(request) {
    const target = await targetOf(request, tenantIdOf(request));
    const own = target.row.id === request.ctx.tenant.id;
    return { items: await listTenantRoles(target.db, target.row.id, own ? callerOf(request.ctx.principal) : null) };
  },

  async getTenantClients(request) {
    return { items: await listTenantClients(await targetOf(request, tenantIdOf(request))) };
  },

  async updateTenantClient(request) {
    const { clientId } = request.params as PathOf<'updateTenantClient'>;
    return updateTenantClient(await targetOf(request, tenantIdOf(request)), clientId, request.body as JsonBody<'updateTenantClient'>);
  },

  async getTenantApps(request) {
    return { items: await listApps(await targetOf(request, tenantIdOf(request))) };
  },

  async installTenantApp(request, reply) {
    const target = await targetOf(request, tenantIdOf(request));
    const app = await installApp(request.server.database, target, request.server.secrets, appOf(request), request.body as JsonBody<'installTenantApp'>);
    reply.code(201);
    return app;
  },

  async updateTenantApp(request) {
    const target = await targetOf(request, tenantIdOf(request));
    return updateApp(request.server.database, target, request.server.secrets, appOf(request), request.body as JsonBody<'updateTenantApp'>);
  },

  async removeTenantApp(request, reply) {
    await removeApp(request.server.database, await targetOf(request, tenantIdOf(request)), appOf(request));
    reply.code(204);
    return undefined;
  },

  async getTenantSsoProviders(request) {
    const { ctx } = request;
    const target = await targetOf(request, tenantIdOf(request));
    // Providers send users back to the tenant's own host, not to the platform's.
    const origin = target.row.id === ctx.tenant.id ? ctx.origin : tenantOrigin(ctx.origin, target.row.sname);
    return { items: await listSsoProviders(ssoScopeOf(request, target)), redirectUri: `${origin}${callbackPath}` };
  },

  async addTenantSsoProvider(request, reply) {
    const target = await targetOf(request, tenantIdOf(request));
    const created = await createSsoProvider(ssoScopeOf(request, target), request.body as JsonBody<'addTenantSsoProvider'>);
    reply.code(201);
    return created;
  },

  async updateTenantSsoProvider(request) {
    const { providerId } = request.params as PathOf<'updateTenantSsoProvider'>;
    const target = await targetOf(request, tenantIdOf(request));
    return updateSsoProvider(ssoScopeOf(request, target), providerId, request.body as JsonBody<'updateTenantSsoProvider'>);
  },

  async getTenantTransactions(request) {
    const target = await targetOf(request, tenantIdOf(request));
    return target.db((tx) => listTenantTransactions(tx, target.row.id, request.query as QueryOf<'getTenantTransactions'>));
  },

  async getTenantSubscriptions(request) {
    const target = await targetOf(request, tenantIdOf(request));
    return target.db((tx) => listTenantSubscriptions(tx, target.row.id, request.query as QueryOf<'getTenantSubscriptions'>));
  },
};
