// The contract's user rules as the fakes check them (openapi/portal.yaml UserCreate and the CSV
// import of importUsers and importTenantUsers), shared by the users and the tenants fakes.
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
