// Reading an import file into user rows. Every problem of every row is collected, so the person
// fixing the file sees all of them at once; the caller writes nothing unless the list is empty.
import type { RowError } from '../kernel/http/problem.ts';
import { parseCsv, restoreFormula } from '../kernel/csv.ts';
import type { Caller } from '../kernel/access/caller.ts';
import { assignableRoles, type RoleInfo } from '../auth/index.ts';
import { isValidEmail, isValidPersonName, normaliseEmail } from './validation.ts';
import { present } from '../kernel/db/present.ts';

export const IMPORT_MAX_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
export const ROLE_SEPARATOR = ';';

const requiredColumns = ['email', 'firstName', 'lastName', 'role'] as const;
// `status` is optional so that a file from exportUsers imports back as it is.
const optionalColumns = ['status'] as const;
type Column = (typeof requiredColumns)[number] | (typeof optionalColumns)[number];
const columnByLowerName = new Map<string, Column>([...requiredColumns, ...optionalColumns].map((c) => [c.toLowerCase(), c]));

export type ImportRow = {
  row: number;
  email: string;
  firstName: string;
  lastName: string;
  roleIds: string[];
  status: 'enabled' | 'disabled';
};

/** `total`: the file's data rows, the header not counted (0 when the header is refused). */
export type ImportReading = { rows: ImportRow[]; rowErrors: RowError[]; total: number };

/** The roles `caller` may hand out, by name: the only ones an import of theirs may assign. */
export function assignableRoleIds(caller: Caller, roles: readonly RoleInfo[]): Map<string, string> {
  return new Map(assignableRoles(caller, roles).map((r) => [r.name, r.id]));
}

export function readImportFile(text: string, caller: Caller, roles: readonly RoleInfo[]): ImportReading {
  return readImportRows(text, assignableRoleIds(caller, roles));
}

/** As `readImportFile`, with the assignable roles already known (an import job: its starter's). */
export function readImportRows(text: string, assignable: ReadonlyMap<string, string>): ImportReading {
  const { records, error } = parseCsv(text);
  const rowErrors: RowError[] = [];
  const header = records[0];
  if (!header) return { rows: [], rowErrors: [{ row: 1, field: 'file', code: 'missing_header' }], total: 0 };

  const positions = new Map<Column, number>();
  header.cells.forEach((raw, index) => {
    const name = raw.trim();
    const column = columnByLowerName.get(name.toLowerCase());
    if (!column) {
      if (name !== '' || index < header.cells.length - 1) rowErrors.push({ row: header.row, field: name, code: 'unknown_column' });
    } else if (positions.has(column)) {
      rowErrors.push({ row: header.row, field: column, code: 'duplicate_column' });
    } else {
      positions.set(column, index);
    }
  });
  for (const column of requiredColumns) {
    if (!positions.has(column)) rowErrors.push({ row: header.row, field: column, code: 'required' });
  }
  if (rowErrors.length > 0) return { rows: [], rowErrors, total: 0 };

  const dataRecords = records.slice(1);
  if (dataRecords.length > IMPORT_MAX_ROWS) {
    return { rows: [], rowErrors: [{ row: present(dataRecords[IMPORT_MAX_ROWS], 'dataRecords[IMPORT_MAX_ROWS]').row, field: 'file', code: 'too_many_rows' }], total: dataRecords.length };
  }

  const firstRowOfEmail = new Map<string, number>();
  const rows: ImportRow[] = [];
  const width = header.cells.length;

  for (const { row, cells } of dataRecords) {
    const cell = (column: Column) => {
      const index = positions.get(column);
      return index === undefined ? '' : restoreFormula((cells[index] ?? '').trim());
    };
    const errorsBefore = rowErrors.length;

    if (cells.slice(width).some((c) => c.trim() !== '')) rowErrors.push({ row, field: 'row', code: 'too_many_cells' });

    const email = normaliseEmail(cell('email'));
    if (email === '') rowErrors.push({ row, field: 'email', code: 'required' });
    else if (!isValidEmail(email)) rowErrors.push({ row, field: 'email', code: 'invalid_email' });
    else if (firstRowOfEmail.has(email)) rowErrors.push({ row, field: 'email', code: 'duplicate_email' });
    else firstRowOfEmail.set(email, row);

    const firstName = cell('firstName');
    if (firstName === '') rowErrors.push({ row, field: 'firstName', code: 'required' });
    else if (!isValidPersonName(firstName)) rowErrors.push({ row, field: 'firstName', code: 'invalid_first_name' });

    const lastName = cell('lastName');
    if (lastName === '') rowErrors.push({ row, field: 'lastName', code: 'required' });
    else if (!isValidPersonName(lastName)) rowErrors.push({ row, field: 'lastName', code: 'invalid_last_name' });

    const roleNames = [
      ...new Set(
        cell('role')
          .split(ROLE_SEPARATOR)
          .map((r) => r.trim())
          .filter(Boolean),
      ),
    ];
    if (roleNames.length === 0) rowErrors.push({ row, field: 'role', code: 'required' });
    else if (roleNames.length > 6 || roleNames.some((r) => !assignable.has(r))) rowErrors.push({ row, field: 'role', code: 'invalid_role' });

    const status = cell('status').toLowerCase() || 'enabled';
    if (status !== 'enabled' && status !== 'disabled') rowErrors.push({ row, field: 'status', code: 'invalid_value' });

    if (rowErrors.length === errorsBefore) {
      rows.push({
        row,
        email,
        firstName,
        lastName,
        roleIds: roleNames.map((r) => present(assignable.get(r), 'assignable.get(r)')),
        status: status as ImportRow['status'],
      });
    }
  }
  if (error) rowErrors.push({ row: error.row, field: 'file', code: error.code });
  return { rows, rowErrors, total: dataRecords.length };
}
