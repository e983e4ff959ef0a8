// HTTP side of the users operations: read the validated request, build the scope, call the
// service, shape the response. Business rules live in service.ts.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedRead } from '../kernel/db/process-cache.ts';
import type { JsonResponse, QueryOf } from '../kernel/http/api.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { answerLinkOrigin, mailLinkOrigin, mailLeavesServer } from '../mail/index.ts';
import { tenantActedOn } from '../kernel/tenancy/platform-admin.ts';
import { csvLine } from '../kernel/csv.ts';
import {
  createUser,
  deleteUser as removeUser,
  exportColumns,
  exportUserRows,
  importUsers as importUserRows,
  inviteUser as sendInvitation,
  listAssignableRoles,
  listUserPage,
  updateUser as changeUser,
  type Scope,
} from './service.ts';
import { noContent } from '../kernel/http/replies.ts';
import { startUserImport as startImportJob, userImportProgress } from './import-job.ts';

// Pages of the users list kept between writes on PGlite (kernel/db/process-cache.ts): admins reopening
// the list, paging back and retyping a search read no database. The time limit only bounds how
// long an entry can outlive a write made by hand outside the server.
const userPages = { name: 'users.pages', maxEntries: 2_000, ttlMs: 60_000 };

function userPageKey(tenantId: string, query: QueryOf<'getUsers'>): string {
  const fields = Object.entries(query).filter(([, value]) => value !== undefined);
  return `${tenantId}?${JSON.stringify(fields.sort(([a], [b]) => a.localeCompare(b)))}`;
}

/** Where the new account signs in: the tenant's portal under the configured public base, else the request's (mail/link-origin.ts). */
const loginUrl = async (request: FastifyRequest, sname: string) => `${await answerLinkOrigin(request, sname)}/portal/login`;

/** The users scope in the tenant named in the path, if the caller may act on it (kernel/tenancy/platform-admin.ts). */
async function tenantScopeOf(request: FastifyRequest, tenantId: string): Promise<{ scope: Scope; sname: string }> {
  const { row, db, audit } = await tenantActedOn(request, tenantId);
  return { scope: { ...scopeOf(request), tenantId: row.id, db, audit }, sname: row.sname };
}

/** Streams users as CSV in the import format. */
function sendUsersCsv(reply: FastifyReply, rows: ReturnType<typeof exportUserRows>, fileName: string) {
  async function* lines() {
    // The BOM makes spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${csvLine(exportColumns)}`;
    for await (const row of rows) yield csvLine(row);
  }
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
  return Readable.from(lines());
}

function bodyText(request: FastifyRequest): string | Buffer {
  const { body } = request;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  return '';
}

async function getUsers(request: OperationRequest<'getUsers'>) {
  const query = request.query;
  const scope = scopeOf(request);
  // The page depends on the tenant and the query alone; the gate has already checked the caller.
  return cachedRead(request.server.database, userPages, userPageKey(scope.tenantId, query), () => listUserPage(scope, query));
}

async function getUserRoles(request: OperationRequest<'getUserRoles'>) {
  return { items: await listAssignableRoles(scopeOf(request)) };
}

async function addUser(request: OperationRequest<'addUser'>, reply: FastifyReply) {
  const { user, password } = await createUser(scopeOf(request), request.body);
  reply.code(201);
  return { user, signIn: { email: user.email, password, url: await loginUrl(request, request.ctx.tenant.sname) } };
}

async function updateUser(request: OperationRequest<'updateUser'>) {
  const { userId } = request.params;
  return changeUser(scopeOf(request), userId, request.body);
}

async function deleteUser(request: OperationRequest<'deleteUser'>, reply: FastifyReply) {
  const { userId } = request.params;
  const { transferTo } = request.query;
  await removeUser(scopeOf(request), userId, transferTo ?? null);
  return noContent(reply);
}

async function inviteUser(request: OperationRequest<'inviteUser'>, reply: FastifyReply): Promise<JsonResponse<'inviteUser', 202>> {
  const { userId } = request.params;
  const { email } = await sendInvitation(scopeOf(request), userId, await mailLinkOrigin(request));
  reply.code(202);
  // The worker's own route order (mail/routes.ts): the tenant's SMTP, the saved platform settings, SMTP_URL.
  return { email, delivery: (await mailLeavesServer(request.server, request.ctx.tenant.id)) ? 'smtp' : 'outbox' };
}

async function importUsers(request: OperationRequest<'importUsers'>) {
  return importUserRows(scopeOf(request), bodyText(request));
}

async function startUserImport(request: OperationRequest<'startUserImport'>, reply: FastifyReply) {
  const started = await startImportJob(scopeOf(request), bodyText(request));
  reply.code(202);
  return started;
}

async function getUserImport(request: OperationRequest<'getUserImport'>) {
  return userImportProgress(scopeOf(request), request.params.importId);
}

async function startTenantUserImport(request: OperationRequest<'startTenantUserImport'>, reply: FastifyReply) {
  const { scope } = await tenantScopeOf(request, request.params.tenantId);
  const started = await startImportJob(scope, bodyText(request));
  reply.code(202);
  return started;
}

async function getTenantUserImport(request: OperationRequest<'getTenantUserImport'>) {
  const { scope } = await tenantScopeOf(request, request.params.tenantId);
  return userImportProgress(scope, request.params.importId);
}

async function exportUsers(request: OperationRequest<'exportUsers'>, reply: FastifyReply) {
  const { q } = request.query;
  return sendUsersCsv(reply, exportUserRows(scopeOf(request), q), 'users.csv');
}

async function tenantAddUser(request: OperationRequest<'tenantAddUser'>, reply: FastifyReply) {
  const { tenantId } = request.params;
  const { scope, sname } = await tenantScopeOf(request, tenantId);
  const { user, password } = await createUser(scope, request.body);
  reply.code(201);
  return { user, signIn: { email: user.email, password, url: await loginUrl(request, sname) } };
}

async function importTenantUsers(request: OperationRequest<'importTenantUsers'>) {
  const { tenantId } = request.params;
  const { scope } = await tenantScopeOf(request, tenantId);
  return importUserRows(scope, bodyText(request));
}

async function exportTenantUsers(request: OperationRequest<'exportTenantUsers'>, reply: FastifyReply) {
  const { tenantId } = request.params;
  const { scope, sname } = await tenantScopeOf(request, tenantId);
  return sendUsersCsv(reply, exportUserRows(scope, undefined), `users-${sname}.csv`);
}

async function getTenantUsers(request: OperationRequest<'getTenantUsers'>) {
  const { tenantId } = request.params;
  const { scope } = await tenantScopeOf(request, tenantId);
  return listUserPage(scope, request.query);
}

export const usersHandlers = {
  getUsers,
  getUserRoles,
  addUser,
  updateUser,
  deleteUser,
  inviteUser,
  importUsers,
  exportUsers,
  tenantAddUser,
  importTenantUsers,
  startUserImport,
  getUserImport,
  startTenantUserImport,
  getTenantUserImport,
  exportTenantUsers,
  getTenantUsers,
} satisfies OperationHandlers;
