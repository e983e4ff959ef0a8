import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, readImportFile } from '../src/users/import-rows.ts';
import type { Caller } from '../src/kernel/access/caller.ts';
import type { RoleInfo } from '../src/auth/role-rules.ts';

const roles: RoleInfo[] = [
  { id: 'r-admin', name: 'admin', description: '', permissions: ['user.get', 'user.put'], status: 'enabled', dialIn: false, dialOut: false },
  { id: 'r-member', name: 'member', description: '', permissions: ['meeting.schedule.get'], status: 'enabled', dialIn: false, dialOut: false },
  { id: 'r-super', name: 'superadmin', description: '', permissions: [], status: 'enabled', dialIn: false, dialOut: false },
];
const caller: Caller = { isSuperadmin: false, role: 'admin', permissions: new Set(['user.get', 'user.put', 'meeting.schedule.get']), dial: new Set() };

describe('readImportFile', () => {
  it('reads rows with the header in any order and any case', () => {
    const { rows, rowErrors } = readImportFile('ROLE,LastName,email,firstname\r\nmember;admin,Durand,Ann@Example.com,Ann\r\n', caller, roles);
    expect(rowErrors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, email: 'ann@example.com', firstName: 'Ann', lastName: 'Durand', roleIds: ['r-member', 'r-admin'], status: 'enabled' },
    ]);
  });

  it('reports unknown and missing columns on row 1', () => {
    const { rows, rowErrors } = readImportFile('email,first,lastName,role\nx@y.io,A,B,member\n', caller, roles);
    expect(rows).toEqual([]);
    expect(rowErrors).toEqual([
      { row: 1, field: 'first', code: 'unknown_column' },
      { row: 1, field: 'firstName', code: 'required' },
    ]);
  });

  it('collects every error of every row', () => {
    const file = [
      'email,firstName,lastName,role',
      'good@x.io,Ann,Lee,member',
      'not-an-email,1Ann,,superadmin',
      'GOOD@x.io,Bob,Stone,nope',
      ',Éloïse,O\'Brien-Smith,member',
    ].join('\n');
    const { rows, rowErrors } = readImportFile(file, caller, roles);
    expect(rows.map((r) => r.row)).toEqual([2]);
    expect(rowErrors).toEqual([
      { row: 3, field: 'email', code: 'invalid_email' },
      { row: 3, field: 'firstName', code: 'invalid_first_name' },
      { row: 3, field: 'lastName', code: 'required' },
      { row: 3, field: 'role', code: 'invalid_role' },
      { row: 4, field: 'email', code: 'duplicate_email' },
      { row: 4, field: 'role', code: 'invalid_role' },
      { row: 5, field: 'email', code: 'required' },
    ]);
  });

  it('refuses a role carrying a dial flag the caller does not hold', () => {
    const withPhones: RoleInfo[] = [...roles, { id: 'r-phones', name: 'phones', description: '', permissions: ['meeting.schedule.get'], status: 'enabled', dialIn: true, dialOut: false }];
    const file = 'email,firstName,lastName,role\nann@x.io,Ann,Lee,phones\n';
    expect(readImportFile(file, caller, withPhones).rowErrors).toEqual([{ row: 2, field: 'role', code: 'invalid_role' }]);
    const dialer: Caller = { ...caller, dial: new Set(['dialIn']) };
    expect(readImportFile(file, dialer, withPhones)).toMatchObject({ rowErrors: [], rows: [{ email: 'ann@x.io', roleIds: ['r-phones'] }] });
  });

  it('imports back an exported file (status column, neutralised formulas)', () => {
    const file = "\uFEFFemail,firstName,lastName,role,status\r\n'-dash@x.io,Ann,Lee,member,disabled\r\n";
    const { rows, rowErrors } = readImportFile(file, caller, roles);
    expect(rowErrors).toEqual([]);
    expect(rows[0]).toMatchObject({ email: '-dash@x.io', status: 'disabled' });
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, () => {
    const lines = ['email,firstName,lastName,role'];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`u${i}@x.io,Ann,Lee,member`);
    const { rowErrors } = readImportFile(lines.join('\n'), caller, roles);
    expect(rowErrors).toEqual([{ row: IMPORT_MAX_ROWS + 2, field: 'file', code: 'too_many_rows' }]);
  });

  it('refuses an empty file', () => {
    expect(readImportFile('', caller, roles).rowErrors).toEqual([{ row: 1, field: 'file', code: 'missing_header' }]);
  });
});
