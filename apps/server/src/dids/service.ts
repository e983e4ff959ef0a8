// The business rules of phone numbers (spec 'Phone numbers', super administrator): a number is
// E.164, plausible for its country, and unique in the tenant. Every change is audited in the
// transaction that makes it.
import { recordAudit } from '../kernel/audit/record.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import { decodeKeysetCursor, keysetPage } from '../kernel/db/keyset.ts';
import { ProblemError, fieldError, notFound } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { isPlausibleNumber } from './calling-codes.ts';
import { deleteDidRow, findDid, insertDid, listDids, updateDidRow, type DidRow, type DidValues } from './queries.ts';
import { present } from '../kernel/db/present.ts';

type Did = Schemas['Did'];

export type DidScope = Pick<RequestScope, 'tenantId' | 'db' | 'audit'>;

export const AUDIT_ENTITY = 'did';
const DEFAULT_PAGE_SIZE = 25;

function toDto(row: DidRow): Did {
  return { id: row.id, country: row.country, number: row.number, status: row.status, dialIn: row.dialIn, dialOut: row.dialOut, createdAt: row.createdAt.toISOString() };
}

const auditView = ({ createdAt: _createdAt, ...rest }: DidRow) => rest;

const numberExists = () =>
  new ProblemError(409, 'number_exists', { errors: [{ field: 'number', code: 'number_exists', message: 'This phone number is already registered.' }] });

function checkPlausible(country: string, number: string) {
  if (!isPlausibleNumber(country, number)) throw fieldError('number', 'invalid_phone', 'The number is not a valid phone number of this country.');
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw numberExists();
    throw error;
  }
}

export async function listDidPage(scope: DidScope, input: { q?: string | undefined; cursor?: string | undefined; limit?: number | undefined }) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  const rows = await scope.db((tx) => listDids(tx, { q: input.q?.trim(), after, limit: limit + 1 }));
  const { page, nextCursor } = keysetPage(rows, limit, (row) => row.number);
  return { items: page.map(toDto), nextCursor };
}

export async function createDid(scope: DidScope, input: Schemas['DidCreate']): Promise<Did> {
  checkPlausible(input.country, input.number);
  const values: DidValues = { country: input.country, number: input.number, status: input.status ?? 'enabled', dialIn: input.dialIn ?? true, dialOut: input.dialOut ?? false };
  const row = await saving(() =>
    scope.db(async (tx) => {
      const created = await insertDid(tx, scope.tenantId, values);
      await recordAudit(tx, scope.audit, { action: 'create', entity: AUDIT_ENTITY, entityId: created.id, after: auditView(created) });
      return created;
    }),
  );
  return toDto(row);
}

export async function updateDid(scope: DidScope, id: string, patch: Schemas['DidUpdate']): Promise<Did> {
  const row = await saving(() =>
    scope.db(async (tx) => {
      const before = await findDid(tx, id);
      if (!before) throw notFound();
      // Country and number are checked together, so changing either alone is checked against the other.
      checkPlausible(patch.country ?? before.country, patch.number ?? before.number);
      const changes: Partial<DidValues> = {};
      if (patch.country !== undefined) changes.country = patch.country;
      if (patch.number !== undefined) changes.number = patch.number;
      if (patch.status !== undefined) changes.status = patch.status;
      if (patch.dialIn !== undefined) changes.dialIn = patch.dialIn;
      if (patch.dialOut !== undefined) changes.dialOut = patch.dialOut;
      const after = present(await updateDidRow(tx, id, changes), 'updateDidRow(tx, id, changes)');
      await recordAudit(tx, scope.audit, { action: 'update', entity: AUDIT_ENTITY, entityId: id, before: auditView(before), after: auditView(after) });
      return after;
    }),
  );
  return toDto(row);
}

export async function deleteDid(scope: DidScope, id: string): Promise<void> {
  await scope.db(async (tx) => {
    const before = await findDid(tx, id);
    if (!before) throw notFound();
    await deleteDidRow(tx, id);
    await recordAudit(tx, scope.audit, { action: 'delete', entity: AUDIT_ENTITY, entityId: id, before: auditView(before) });
  });
}
