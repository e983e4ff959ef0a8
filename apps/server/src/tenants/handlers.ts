// HTTP side of the tenant operations: resolve which tenant a request may work on, call the
// service, shape the answer. The platform super administrator (signed in at the system realm)
// reaches every tenant; anyone else only its own, and another tenant's id is a 404.
import type { FastifyRequest } from 'fastify';
import { auditActorOf } from '../kernel/audit/record.ts';
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { callbackPath, createSsoProvider, listSsoProviders, updateSsoProvider, type SettingsScope } from '../auth/index.ts';
import { answerLinkOrigin, tenantOrigin } from '../mail/index.ts';
import { isPlatformAdmin, tenantActedOn } from '../kernel/tenancy/platform-admin.ts';
import { listTenantRoles } from '../roles/index.ts';
import { callerOf } from '../kernel/access/caller.ts';
import { deleteBrandImage, getBrand, loadBrandImage, saveBrandTexts, uploadBrandImage } from './brand.ts';
import { listTenantClients, updateTenantClient } from './clients.ts';
import { currentTenantDefaults } from './defaults.ts';
import { installApp, listApps, removeApp, updateApp } from './partner-apps.ts';
import { createTenant, deleteTenant, getTenant, updateTenant, type TenantTarget } from './service.ts';
import { addSmtp, getSmtp, sendTestMail, updateSmtp } from './smtp.ts';
import { getTheme, updateTheme } from './theme.ts';

async function targetOf(request: FastifyRequest, tenantId: string): Promise<TenantTarget> {
  const { row, db, audit } = await tenantActedOn(request, tenantId);
  return { row, db, audit, platformAdmin: isPlatformAdmin(request) };
}


/** The SSO settings of the target tenant, as the caller works on them (role mappings limited to roles it can give). */
const ssoScopeOf = (request: FastifyRequest, target: TenantTarget): SettingsScope => ({ ...scopeOf(request), tenantId: target.row.id, db: target.db, audit: target.audit });

export const tenantsHandlers: OperationHandlers = {
  async addTenant(request, reply) {
    const { server } = request;
    const { tenant, password } = await createTenant(server.database, auditActorOf(request), request.body);
    reply.code(201);
    const url = `${await answerLinkOrigin(request, tenant.sname)}/portal/login`;
    return { tenant, signIn: { email: tenant.admin?.email ?? '', password, url } };
  },

  async getDefaults(request) {
    return request.server.database.withPlatform(currentTenantDefaults);
  },

  async getTenant(request) {
    return getTenant(await targetOf(request, request.params.tenantId));
  },

  async updateTenant(request) {
    const target = await targetOf(request, request.params.tenantId);
    return updateTenant(request.server.database, target, request.body);
  },

  async deleteTenant(request, reply) {
    await deleteTenant(request.server.database, auditActorOf(request), request.params.tenantId, request.server.files);
    reply.code(204);
    return undefined;
  },

  async getTenantSMTP(request) {
    return { smtp: await getSmtp(await targetOf(request, request.params.tenantId)) };
  },

  async addTenantSMTP(request, reply) {
    const smtp = await addSmtp(await targetOf(request, request.params.tenantId), request.server.secrets, request.body);
    reply.code(201);
    return smtp;
  },

  async updateTenantSMTP(request) {
    return updateSmtp(await targetOf(request, request.params.tenantId), request.server.secrets, request.body);
  },

  async sendTenantTestMail(request) {
    const { to } = request.body;
    return sendTestMail(await targetOf(request, request.params.tenantId), request.server.secrets, to);
  },

  async getBrands(request) {
    return getBrand(await targetOf(request, request.params.tenantId));
  },

  async addBrand(request) {
    return saveBrandTexts(request.server.database, await targetOf(request, request.params.tenantId), request.body, true);
  },

  async updateBrand(request) {
    return saveBrandTexts(request.server.database, await targetOf(request, request.params.tenantId), request.body, false);
  },

  async uploadBrandImage(request) {
    const target = await targetOf(request, request.params.tenantId);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return uploadBrandImage(request.server.database, target, request.server.files, request.params.slot, body);
  },

  async deleteBrandImage(request) {
    const target = await targetOf(request, request.params.tenantId);
    return deleteBrandImage(request.server.database, target, request.server.files, request.params.slot);
  },

  async getBrandImage(request, reply) {
    const { tenantId, file } = request.params;
    const image = await loadBrandImage(request.server.database, request.server.files, tenantId, file);
    // The URL names one version of the image: it never changes, only stops being served.
    reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable');
    return image.bytes;
  },

  async getTenantTheme(request) {
    return getTheme(await targetOf(request, request.params.tenantId));
  },

  async updateTenantTheme(request) {
    return updateTheme(request.server.database, await targetOf(request, request.params.tenantId), request.body);
  },

  async getTenantRoles(request) {
    const target = await targetOf(request, request.params.tenantId);
    const own = target.row.id === request.ctx.tenant.id;
    return { items: await listTenantRoles(target.db, target.row.id, own ? callerOf(request.ctx.principal) : null) };
  },

  async getTenantClients(request) {
    return { items: await listTenantClients(await targetOf(request, request.params.tenantId)) };
  },

  async updateTenantClient(request) {
    const { clientId } = request.params;
    return updateTenantClient(await targetOf(request, request.params.tenantId), clientId, request.body);
  },

  async getTenantApps(request) {
    return { items: await listApps(await targetOf(request, request.params.tenantId)) };
  },

  async installTenantApp(request, reply) {
    const target = await targetOf(request, request.params.tenantId);
    const app = await installApp(request.server.database, target, request.server.secrets, request.params.app, request.body);
    reply.code(201);
    return app;
  },

  async updateTenantApp(request) {
    const target = await targetOf(request, request.params.tenantId);
    return updateApp(request.server.database, target, request.server.secrets, request.params.app, request.body);
  },

  async removeTenantApp(request, reply) {
    await removeApp(request.server.database, await targetOf(request, request.params.tenantId), request.params.app);
    reply.code(204);
    return undefined;
  },

  async getTenantSsoProviders(request) {
    const { ctx } = request;
    const target = await targetOf(request, request.params.tenantId);
    // Providers send users back to the tenant's own host, not to the platform's.
    const origin = target.row.id === ctx.tenant.id ? ctx.origin : tenantOrigin(ctx.origin, target.row.sname);
    return { items: await listSsoProviders(ssoScopeOf(request, target)), redirectUri: `${origin}${callbackPath}` };
  },

  async addTenantSsoProvider(request, reply) {
    const target = await targetOf(request, request.params.tenantId);
    const created = await createSsoProvider(ssoScopeOf(request, target), request.body);
    reply.code(201);
    return created;
  },

  async updateTenantSsoProvider(request) {
    const { providerId } = request.params;
    const target = await targetOf(request, request.params.tenantId);
    return updateSsoProvider(ssoScopeOf(request, target), providerId, request.body);
  },
};
