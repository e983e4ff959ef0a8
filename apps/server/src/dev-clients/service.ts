// The business rules of developer clients (spec 'Develops', super administrator). A client signs
// in with its client id and secret (loginClient) and acts with one role of its tenant: the member
// role unless the caller picks another it may hand out (the same rules as giving a user a role).
// The secret is generated here, answered once, and only its Argon2id hash is kept. A disabled
// client's tokens stop working at the next request: authenticate() reads the client's status, and
// any write drops the principal cache.
import { randomBytes } from 'node:crypto';
import { recordAudit } from '../kernel/audit/record.ts';
import { hashPassword } from '../kernel/crypto/passwords.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { decodeKeysetCursor, keysetPage } from '../kernel/db/keyset.ts';
import { fieldError, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { tenantRoles } from '../users/index.ts';
import { assignableRoles } from '../auth/index.ts';
import type { Database } from '../kernel/db/types.ts';
import {
  deleteDevClientRow,
  endClientSessions,
  findDevClient,
  insertDevClient,
  listDevClients,
  updateDevClientRow,
  type DevClientRow,
  type DevClientValues,
} from './queries.ts';
import { checkUris } from './uris.ts';
import { present } from '../kernel/db/present.ts';

type DevClient = Schemas['DevClient'];
type Saved = Schemas['DevClientSaved'];

export type DevClientScope = Pick<RequestScope, 'tenantId' | 'caller' | 'db' | 'audit'>;

export const AUDIT_ENTITY = 'dev_client';
const DEFAULT_PAGE_SIZE = 25;
const DEFAULT_ROLE = 'member';

function toDto(row: DevClientRow): DevClient {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    status: row.status,
    roleId: row.roleId,
    roleName: row.roleName,
    redirectUris: row.redirectUris,
    webOrigins: row.webOrigins,
    createdAt: row.createdAt.toISOString(),
  };
}

const auditView = ({ createdAt: _createdAt, ...rest }: DevClientRow) => rest;

const newClientId = () => `dc_${randomBytes(12).toString('hex')}`;
const newSecret = () => randomBytes(32).toString('base64url');

/** The role the client will act with: the one asked for if the caller may hand it out, else member. */
async function chooseRole(tx: Database, scope: DevClientScope, roleId: string | undefined): Promise<string> {
  const roles = assignableRoles(scope.caller, await tenantRoles(tx, scope.tenantId));
  const role = roleId === undefined ? roles.find((r) => r.name === DEFAULT_ROLE) : roles.find((r) => r.id === roleId);
  if (!role) throw fieldError('roleId', 'invalid_role', roleId === undefined ? 'This tenant has no enabled member role; choose a role.' : 'This role cannot be given to a client.');
  return role.id;
}

export async function listDevClientPage(scope: DevClientScope, input: { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined }) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  const rows = await scope.db((tx) => listDevClients(tx, { q: input.q?.trim(), after, limit: limit + 1 }));
  const { page, nextCursor } = keysetPage(rows, limit, (row) => row.name);
  return { items: page.map(toDto), nextCursor };
}

export async function createDevClient(scope: DevClientScope, input: Schemas['DevClientCreate']): Promise<Saved> {
  checkUris(input);
  const secret = newSecret();
  const secretHash = await hashPassword(secret);
  const row = await scope.db(async (tx) => {
    const values: DevClientValues = {
      name: input.name.trim(),
      clientId: newClientId(),
      secretHash,
      roleId: await chooseRole(tx, scope, input.roleId),
      status: input.status ?? 'enabled',
      redirectUris: [...new Set(input.redirectUris ?? [])],
      webOrigins: [...new Set(input.webOrigins ?? [])],
    };
    const id = await insertDevClient(tx, scope.tenantId, values);
    const created = present(await findDevClient(tx, id), 'findDevClient(tx, id)');
    await recordAudit(tx, scope.audit, { action: 'create', entity: AUDIT_ENTITY, entityId: id, after: auditView(created) });
    return created;
  });
  return { client: toDto(row), secret };
}

export async function updateDevClient(scope: DevClientScope, id: string, patch: Schemas['DevClientUpdate']): Promise<Saved> {
  checkUris(patch);
  const secret = patch.regenerateSecret ? newSecret() : null;
  const secretHash = secret ? await hashPassword(secret) : null;
  const row = await scope.db(async (tx) => {
    const before = await findDevClient(tx, id);
    if (!before) throw notFound();
    const changes: Partial<DevClientValues> = {};
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.status !== undefined) changes.status = patch.status;
    if (patch.roleId !== undefined && patch.roleId !== before.roleId) changes.roleId = await chooseRole(tx, scope, patch.roleId);
    if (patch.redirectUris !== undefined) changes.redirectUris = [...new Set(patch.redirectUris)];
    if (patch.webOrigins !== undefined) changes.webOrigins = [...new Set(patch.webOrigins)];
    if (secretHash) changes.secretHash = secretHash;
    await updateDevClientRow(tx, id, changes);
    // A replaced secret may have leaked: tokens obtained with the old one end with it.
    if (secretHash) await endClientSessions(tx, id);
    const after = present(await findDevClient(tx, id), 'findDevClient(tx, id)');
    await recordAudit(tx, scope.audit, {
      action: 'update',
      entity: AUDIT_ENTITY,
      entityId: id,
      before: auditView(before),
      after: { ...auditView(after), ...(secretHash ? { secretRegenerated: true } : {}) },
    });
    return after;
  });
  return { client: toDto(row), secret };
}

export async function deleteDevClient(scope: DevClientScope, id: string): Promise<void> {
  await scope.db(async (tx) => {
    const before = await findDevClient(tx, id);
    if (!before) throw notFound();
    // Its sessions go with it (ON DELETE CASCADE), so its tokens end in the same transaction.
    await deleteDevClientRow(tx, id);
    await recordAudit(tx, scope.audit, { action: 'delete', entity: AUDIT_ENTITY, entityId: id, before: auditView(before) });
  });
}
