// `generate` (after openapi-typescript): writes src/generated/portal.yaml, the copy of
// openapi/portal.yaml that `@portal/contract/validate` reads by default (`loadSpec()`), so the
// published package validates against the very contract its types were generated from. Checked
// for drift with the other generated files (tooling/scripts/test-all.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../../openapi/portal.yaml', import.meta.url));
const target = fileURLToPath(new URL('../src/generated/portal.yaml', import.meta.url));
const header = '# Generated: a copy of openapi/portal.yaml by scripts/spec-copy.mjs (`pnpm generate`), read by @portal/contract/validate: do not edit.\n';

writeFileSync(target, header + readFileSync(source, 'utf8'));
