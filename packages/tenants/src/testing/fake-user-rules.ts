// The contract's user rules as the fakes check them (openapi/portal.yaml UserCreate and the CSV
// import of startUserImport and startTenantUserImport), shared by the users and the tenants fakes.
import { isValidEmail, isValidPassword, isValidPersonName } from '@portal/forms';

const IMPORT_MAX_BYTES = 1024 * 1024;

type Body = Record<string, unknown>;
export type FakeFieldError = { field: string; code: string };
export type FakeImportRow = { email: string; firstName: string; lastName: string; role: string };

/** The field errors of a user to create (`creating`) or of the fields of an edit. */
export function userFieldErrors(body: Body, creating: boolean): FakeFieldError[] {
  const errors: FakeFieldError[] = [];
  const check = (field: string, valid: boolean, code: string) => {
    if ((creating || field in body) && !valid) errors.push({ field, code });
  };
  if (creating) check('email', typeof body.email === 'string' && isValidEmail(body.email), 'invalid_email');
  check('firstName', typeof body.firstName === 'string' && isValidPersonName(body.firstName), 'invalid_first_name');
  check('lastName', typeof body.lastName === 'string' && isValidPersonName(body.lastName), 'invalid_last_name');
  check('roles', Array.isArray(body.roles) && body.roles.length > 0, 'invalid_role');
  if (creating && body.passwordMode === 'manual') check('password', typeof body.password === 'string' && isValidPassword(body.password), 'weak_password');
  return errors;
}

/**
 * An import file checked like the server: over 1 MB is `too_large`; any bad row gives the errors
 * of every row (and nothing is imported); else the rows to create.
 */
export function checkImportCsv(text: string): { result: 'too_large' } | { result: 'invalid'; rowErrors: Array<FakeFieldError & { row: number }> } | { result: 'ok'; rows: FakeImportRow[] } {
  if (new Blob([text]).size > IMPORT_MAX_BYTES) return { result: 'too_large' };
  const rows = text
    .split(/\r?\n/)
    .slice(1)
    .map((line, index) => {
      const [email = '', firstName = '', lastName = '', role = ''] = line.split(',');
      return { row: index + 2, email, firstName, lastName, role };
    })
    .filter(({ email, firstName, lastName, role }) => [email, firstName, lastName, role].some((cell) => cell.trim() !== ''));
  const rowErrors = rows.flatMap(({ row, role, ...user }) => userFieldErrors({ ...user, roles: role ? [role] : [] }, true).map((error) => ({ row, ...error })));
  if (rowErrors.length > 0) return { result: 'invalid', rowErrors };
  return { result: 'ok', rows: rows.map(({ email, firstName, lastName, role }) => ({ email, firstName, lastName, role })) };
}

export type FakeExportRow = FakeImportRow & { status: 'enabled' | 'disabled' };

// The columns exportUsers and exportTenantUsers write (apps/server/src/users/service.ts
// exportColumns): the import format plus the status, which an import reads back.
const EXPORT_COLUMNS = ['email', 'firstName', 'lastName', 'role', 'status'];

/** An export answer as the server streams it: a UTF-8 byte order mark, then CRLF-ended lines. */
export function usersCsvResponse(rows: FakeExportRow[]): Response {
  const lines = [EXPORT_COLUMNS, ...rows.map(({ email, firstName, lastName, role, status }) => [email, firstName, lastName, role, status])];
  return new Response(`\uFEFF${lines.map((cells) => `${cells.join(',')}\r\n`).join('')}`, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
}

type FakeUserImport = {
  id: string;
  status: 'queued' | 'checking' | 'creating' | 'done' | 'refused' | 'failed';
  totalRows: number | null;
  readRows: number;
  createdRows: number;
  refusedRows: number;
  rowErrors: Array<FakeFieldError & { row: number }>;
  errorCode: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type FakeImportJobs = {
  /** startUserImport / startTenantUserImport: 413 over 1 MB, else the queued import. */
  start: (text: string, hasRoomFor: (adding: number) => boolean, create: (rows: FakeImportRow[]) => void) => Response;
  /** getUserImport / getTenantUserImport: each ask finds the job one step further (checking, creating, then done or refused). */
  progress: (importId: string | undefined) => Response;
};

const jsonAnswer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problemAnswer = (status: number, code: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: code, status, code }), { status, headers: { 'content-type': 'application/problem+json' } });

/**
 * The server's import job (apps/server/src/users/import-job.ts) played a step per poll: half the
 * rows read, then every row checked (refused if any is bad, failed past the user limit), half of
 * them created, then all.
 */
export function createFakeImportJobs(): FakeImportJobs {
  const jobs = new Map<string, { state: FakeUserImport; checked: ReturnType<typeof checkImportCsv>; total: number; room: boolean; create: () => void }>();
  return {
    start: (text, hasRoomFor, create) => {
      const checked = checkImportCsv(text);
      if (checked.result === 'too_large') return problemAnswer(413, 'file_too_large');
      const id = `00000000-0000-4000-8000-${String(800000 + jobs.size + 1).padStart(12, '0')}`;
      const total = text.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1;
      const state: FakeUserImport = { id, status: 'queued', totalRows: null, readRows: 0, createdRows: 0, refusedRows: 0, rowErrors: [], errorCode: null, createdAt: new Date().toISOString(), finishedAt: null };
      const rows = checked.result === 'ok' ? checked.rows : [];
      jobs.set(id, { state, checked, total, room: hasRoomFor(rows.length), create: () => create(rows) });
      return jsonAnswer(202, state);
    },
    progress: (importId) => {
      const job = importId ? jobs.get(importId) : undefined;
      if (!job) return problemAnswer(404, 'not_found');
      const { state, checked, total } = job;
      const rowErrors = checked.result === 'invalid' ? checked.rowErrors : [];
      const refusedUpTo = (row: number) => new Set(rowErrors.filter((error) => error.row <= row).map((error) => error.row)).size;
      const finishedAt = new Date().toISOString();
      if (state.status === 'queued') Object.assign(state, { status: 'checking', totalRows: total, readRows: Math.ceil(total / 2), refusedRows: refusedUpTo(Math.ceil(total / 2) + 1) });
      else if (state.status === 'checking' && rowErrors.length > 0) Object.assign(state, { status: 'refused', readRows: total, refusedRows: refusedUpTo(Infinity), rowErrors, finishedAt });
      else if (state.status === 'checking' && !job.room) Object.assign(state, { status: 'failed', readRows: total, errorCode: 'user_limit_reached', finishedAt });
      else if (state.status === 'checking') Object.assign(state, { status: 'creating', readRows: total, createdRows: Math.floor(total / 2) });
      else if (state.status === 'creating') {
        job.create();
        Object.assign(state, { status: 'done', createdRows: total, finishedAt });
      }
      return jsonAnswer(200, state);
    },
  };
}
