// HTTP side of the tenant operations: resolve which tenant a request may work on, call the
// service, shape the answer. The platform super administrator (signed in at the system realm)
// reaches every tenant; anyone else only its own, and another tenant's id is a 404.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf } from '../kernel/audit/record.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { callbackPath, createSsoProvider, listSsoProviders, updateSsoProvider, type SettingsScope } from '../auth/index.ts';
import { answerLinkOrigin, tenantOrigin } from '../mail/index.ts';
import { isPlatformAdmin, tenantActedOn } from '../kernel/tenancy/platform-admin.ts';
import { listTenantRoles } from '../roles/index.ts';
import { callerOf } from '../kernel/access/caller.ts';
import { deleteBrandImage as removeBrandImage, getBrand, loadBrandImage, saveBrandTexts, uploadBrandImage as saveBrandImage } from './brand.ts';
import { listTenantClients, updateTenantClient as changeTenantClient } from './clients.ts';
import { currentTenantDefaults } from './defaults.ts';
import { installApp, listApps, removeApp, updateApp } from './partner-apps.ts';
import { createTenant, deleteTenant as removeTenant, getTenant as readTenant, updateTenant as changeTenant, type TenantTarget } from './service.ts';
import { addSmtp, getSmtp, sendTestMail, updateSmtp } from './smtp.ts';
import { getTheme, updateTheme } from './theme.ts';
import { created, noContent } from '../kernel/http/replies.ts';

async function targetOf(request: FastifyRequest, tenantId: string): Promise<TenantTarget> {
  const { row, db, audit } = await tenantActedOn(request, tenantId);
  return { row, db, audit, platformAdmin: isPlatformAdmin(request) };
}

/** The SSO settings of the target tenant, as the caller works on them (role mappings limited to roles it can give). */
const ssoScopeOf = (request: FastifyRequest, target: TenantTarget): SettingsScope => ({ ...scopeOf(request), tenantId: target.row.id, db: target.db, audit: target.audit });

async function addTenant(request: OperationRequest<'addTenant'>, reply: FastifyReply) {
  const { server } = request;
  const { tenant, password } = await createTenant(server.database, auditActorOf(request), request.body);
  reply.code(201);
  const url = `${await answerLinkOrigin(request, tenant.sname)}/portal/login`;
  return { tenant, signIn: { email: tenant.admin?.email ?? '', password, url } };
}

async function getDefaults(request: OperationRequest<'getDefaults'>) {
  return request.server.database.withPlatform(currentTenantDefaults);
}

async function getTenant(request: OperationRequest<'getTenant'>) {
  return readTenant(await targetOf(request, request.params.tenantId));
}

async function updateTenant(request: OperationRequest<'updateTenant'>) {
  const target = await targetOf(request, request.params.tenantId);
  return changeTenant(request.server.database, target, request.body);
}

async function deleteTenant(request: OperationRequest<'deleteTenant'>, reply: FastifyReply) {
  await removeTenant(request.server.database, auditActorOf(request), request.params.tenantId, request.server.files);
  return noContent(reply);
}

async function getTenantSMTP(request: OperationRequest<'getTenantSMTP'>) {
  return { smtp: await getSmtp(await targetOf(request, request.params.tenantId)) };
}

async function addTenantSMTP(request: OperationRequest<'addTenantSMTP'>, reply: FastifyReply) {
  return created(reply, await addSmtp(await targetOf(request, request.params.tenantId), request.server.secrets, request.body));
}

async function updateTenantSMTP(request: OperationRequest<'updateTenantSMTP'>) {
  return updateSmtp(await targetOf(request, request.params.tenantId), request.server.secrets, request.body);
}

async function sendTenantTestMail(request: OperationRequest<'sendTenantTestMail'>) {
  const { to } = request.body;
  return sendTestMail(await targetOf(request, request.params.tenantId), request.server.secrets, to);
}

async function getBrands(request: OperationRequest<'getBrands'>) {
  return getBrand(await targetOf(request, request.params.tenantId));
}

async function addBrand(request: OperationRequest<'addBrand'>) {
  return saveBrandTexts(request.server.database, await targetOf(request, request.params.tenantId), request.body, true);
}

async function updateBrand(request: OperationRequest<'updateBrand'>) {
  return saveBrandTexts(request.server.database, await targetOf(request, request.params.tenantId), request.body, false);
}

async function uploadBrandImage(request: OperationRequest<'uploadBrandImage'>) {
  const target = await targetOf(request, request.params.tenantId);
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return saveBrandImage(request.server.database, target, request.server.files, request.params.slot, body);
}

async function deleteBrandImage(request: OperationRequest<'deleteBrandImage'>) {
  const target = await targetOf(request, request.params.tenantId);
  return removeBrandImage(request.server.database, target, request.server.files, request.params.slot);
}

async function getBrandImage(request: OperationRequest<'getBrandImage'>, reply: FastifyReply) {
  const { tenantId, file } = request.params;
  const image = await loadBrandImage(request.server.database, request.server.files, tenantId, file);
  // The URL names one version of the image: it never changes, only stops being served.
  reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable');
  return image.bytes;
}

async function getTenantTheme(request: OperationRequest<'getTenantTheme'>) {
  return getTheme(await targetOf(request, request.params.tenantId));
}

async function updateTenantTheme(request: OperationRequest<'updateTenantTheme'>) {
  return updateTheme(request.server.database, await targetOf(request, request.params.tenantId), request.body);
}

async function getTenantRoles(request: OperationRequest<'getTenantRoles'>) {
  const target = await targetOf(request, request.params.tenantId);
  const own = target.row.id === request.ctx.tenant.id;
  return { items: await listTenantRoles(target.db, target.row.id, own ? callerOf(request.ctx.principal) : null) };
}

async function getTenantClients(request: OperationRequest<'getTenantClients'>) {
  return { items: await listTenantClients(await targetOf(request, request.params.tenantId)) };
}

async function updateTenantClient(request: OperationRequest<'updateTenantClient'>) {
  const { clientId } = request.params;
  return changeTenantClient(await targetOf(request, request.params.tenantId), clientId, request.body);
}

async function getTenantApps(request: OperationRequest<'getTenantApps'>) {
  return { items: await listApps(await targetOf(request, request.params.tenantId)) };
}

async function installTenantApp(request: OperationRequest<'installTenantApp'>, reply: FastifyReply) {
  const target = await targetOf(request, request.params.tenantId);
  return created(reply, await installApp(request.server.database, target, request.server.secrets, request.params.app, request.body));
}

async function updateTenantApp(request: OperationRequest<'updateTenantApp'>) {
  const target = await targetOf(request, request.params.tenantId);
  return updateApp(request.server.database, target, request.server.secrets, request.params.app, request.body);
}

async function removeTenantApp(request: OperationRequest<'removeTenantApp'>, reply: FastifyReply) {
  await removeApp(request.server.database, await targetOf(request, request.params.tenantId), request.params.app);
  return noContent(reply);
}

async function getTenantSsoProviders(request: OperationRequest<'getTenantSsoProviders'>) {
  const { ctx } = request;
  const target = await targetOf(request, request.params.tenantId);
  // Providers send users back to the tenant's own host, not to the platform's.
  const origin = target.row.id === ctx.tenant.id ? ctx.origin : tenantOrigin(ctx.origin, target.row.sname);
  return { items: await listSsoProviders(ssoScopeOf(request, target)), redirectUri: `${origin}${callbackPath}` };
}

async function addTenantSsoProvider(request: OperationRequest<'addTenantSsoProvider'>, reply: FastifyReply) {
  const target = await targetOf(request, request.params.tenantId);
  return created(reply, await createSsoProvider(ssoScopeOf(request, target), request.body));
}

async function updateTenantSsoProvider(request: OperationRequest<'updateTenantSsoProvider'>) {
  const { providerId } = request.params;
  const target = await targetOf(request, request.params.tenantId);
  return updateSsoProvider(ssoScopeOf(request, target), providerId, request.body);
}

export const tenantsHandlers = {
  addTenant,
  getDefaults,
  getTenant,
  updateTenant,
  deleteTenant,
  getTenantSMTP,
  addTenantSMTP,
  updateTenantSMTP,
  sendTenantTestMail,
  getBrands,
  addBrand,
  updateBrand,
  uploadBrandImage,
  deleteBrandImage,
  getBrandImage,
  getTenantTheme,
  updateTenantTheme,
  getTenantRoles,
  getTenantClients,
  updateTenantClient,
  getTenantApps,
  installTenantApp,
  updateTenantApp,
  removeTenantApp,
  getTenantSsoProviders,
  addTenantSsoProvider,
  updateTenantSsoProvider,
} satisfies OperationHandlers;
