// The role form names every permission (packages/tenants/src/utils/permission-labels.ts). The
// front end may not import the server, so its test keeps a copy of the permission strings; this
// test reads that copy and the label table as text and fails when permissions.ts gains (or loses)
// a permission they do not follow.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissions } from '../src/auth/permissions.ts';

const tenantsUtils = new URL('../../../packages/tenants/src/utils/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, tenantsUtils), 'utf8');

/** The quoted strings between the `server-permissions:start` and `:end` markers of the front-end test. */
function copiedList(): string[] {
  const text = read('permission-labels.test.ts');
  const block = /\/\/ server-permissions:start\n([\s\S]*?)\/\/ server-permissions:end/.exec(text)?.[1];
  if (block === undefined) throw new Error('permission-labels.test.ts lost its server-permissions markers');
  return [...block.matchAll(/'([^'\n]+)'/g)].map((match) => match[1]!);
}

/** The keys of the `permissionLabels` table: `'area.action': msg`...`. */
function labelledPermissions(): string[] {
  const text = read('permission-labels.ts');
  const table = /export const permissionLabels\b[\s\S]*?= \{([\s\S]*?)\n\};/.exec(text)?.[1];
  if (table === undefined) throw new Error('permission-labels.ts lost its permissionLabels table');
  return [...table.matchAll(/^\s*'([^'\n]+)':\s*msg`/gm)].map((match) => match[1]!);
}

describe("the front end's copy of the permission strings", () => {
  it('holds exactly the permissions of permissions.ts', () => {
    const copy = copiedList();
    expect(copy.length).toBeGreaterThan(0);
    expect([...copy].sort()).toEqual([...permissions].sort());
  });

  it('has a label for every permission of permissions.ts', () => {
    const labelled = new Set(labelledPermissions());
    expect(permissions.filter((permission) => !labelled.has(permission))).toEqual([]);
  });
});
