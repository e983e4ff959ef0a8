// The package boundaries of ARCHITECTURE.md section 2 hold only while lint enforces them: each
// case lints a one-line file placed in a package, as `eslint` would see it in the workspace.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The probes are not files of any tsconfig, so type information is switched off for them (the
// boundary rules never needed it); otherwise each probe is only a parsing error.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: fileURLToPath(new URL('../../eslint.config.js', import.meta.url)),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function ruleIdsFor(file: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: `${root}/${file}` });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

describe('package boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    expect(await ruleIdsFor('packages/tenants/src/boundary-probe.ts', "import { x } from '@portal/billing';")).toContain('no-restricted-imports');
  });

  it('refuses a shared package importing a feature', async () => {
    expect(await ruleIdsFor('packages/ui-kit/src/boundary-probe.ts', "import { x } from '@portal/tenants';")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('packages/auth/src/boundary-probe.ts', "import { x } from '@portal/meetings/routes';")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('packages/forms/src/boundary-probe.ts', "import { x } from '@portal/billing';")).toContain('no-restricted-imports');
  });

  it('refuses the form helpers importing the session package that builds on them', async () => {
    expect(await ruleIdsFor('packages/forms/src/boundary-probe.ts', "import { x } from '@portal/auth';")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('packages/forms/src/boundary-probe.ts', "import { x } from '@portal/auth/testing';")).toContain('no-restricted-imports');
    expect(await ruleIdsFor('packages/auth/src/boundary-probe.ts', "import { x } from '@portal/forms';")).toEqual([]);
  });

  it('refuses deep imports into another package', async () => {
    expect(await ruleIdsFor('packages/tenants/src/boundary-probe.ts', "import { x } from '@portal/ui-kit/src/theme';")).toContain('no-restricted-imports');
  });

  it('refuses relative imports that leave the package', async () => {
    expect(await ruleIdsFor('packages/tenants/src/boundary-probe.ts', "import { x } from '../../ui-kit/src/index';")).toContain('portal/no-cross-package-relative');
  });

  it('takes a source folder named apps for a folder, not a package (the server src/apps)', async () => {
    expect(await ruleIdsFor('apps/server/src/apps/boundary-probe.ts', "import { x } from '../kernel/db/schema.ts';")).toEqual([]);
    expect(await ruleIdsFor('apps/server/src/apps/boundary-probe.ts', "import { x } from '../../../../packages/ui-kit/src/index';")).toContain('portal/no-cross-package-relative');
  });

  it('refuses the server importing a front-end package', async () => {
    expect(await ruleIdsFor('apps/server/src/boundary-probe.ts', "import { x } from '@portal/api-client';")).toContain('no-restricted-imports');
  });

  it('lets the server use the contract package, the one package it shares with the front end', async () => {
    expect(await ruleIdsFor('apps/server/src/boundary-probe.ts', "import type { x } from '@portal/contract';")).toEqual([]);
  });

  it('lets a feature use the shared packages and the portal compose features', async () => {
    expect(await ruleIdsFor('packages/tenants/src/boundary-probe.ts', "import { x } from '@portal/ui-kit';")).toEqual([]);
    expect(await ruleIdsFor('apps/portal/src/boundary-probe.ts', "import { x } from '@portal/tenants';")).toEqual([]);
  });
});

describe("the server's floors", () => {
  const probe = (folder: string) => `apps/server/src/${folder}/floor-probe.ts`;

  it('lets a domain use the kernel anywhere in it, and another domain through its door', async () => {
    expect(await ruleIdsFor(probe('meetings'), "import { x } from '../kernel/db/schema.ts';")).toEqual([]);
    expect(await ruleIdsFor(probe('meetings'), "import { x } from '../media/index.ts';")).toEqual([]);
    expect(await ruleIdsFor(probe('meetings'), "import { x } from './room.ts';")).toEqual([]);
  });

  it("refuses a domain reaching into another domain's files", async () => {
    expect(await ruleIdsFor(probe('meetings'), "import { x } from '../media/janus-events.ts';")).toContain('portal/server-floors');
    expect(await ruleIdsFor(probe('slack'), "export { x } from '../oauth/interactions.ts';")).toContain('portal/server-floors');
    expect(await ruleIdsFor(probe('auth/providers'), "const m = await import('../../users/queries.ts');")).toContain('portal/server-floors');
  });

  it('refuses the kernel importing a domain or the roof', async () => {
    expect(await ruleIdsFor(probe('kernel/http'), "import { x } from '../../auth/index.ts';")).toContain('portal/server-floors');
    expect(await ruleIdsFor(probe('kernel'), "import { x } from '../app/cors.ts';")).toContain('portal/server-floors');
    expect(await ruleIdsFor(probe('kernel/http'), "import { x } from '../db/schema.ts';")).toEqual([]);
  });

  it('refuses anything importing the roof, and lets the roof compose domains through their doors', async () => {
    expect(await ruleIdsFor(probe('tenants'), "import { x } from '../app/seed.ts';")).toContain('portal/server-floors');
    expect(await ruleIdsFor(probe('app'), "import { x } from '../meetings/index.ts';")).toEqual([]);
    expect(await ruleIdsFor(probe('app'), "import { x } from '../meetings/room.ts';")).toContain('portal/server-floors');
  });

  it("lets the server's tests reach inside", async () => {
    expect(await ruleIdsFor('apps/server/src/meetings/floor-probe.test.ts', "import { x } from '../media/janus-events.ts';")).toEqual([]);
  });
});
