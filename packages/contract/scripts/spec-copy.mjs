// `generate` (after openapi-typescript): writes src/generated/portal.json, the contract of
// openapi/portal.yaml as JSON, which `@portal/contract/validate` reads by default (`loadSpec()`), so the
// published package validates against the very contract its types were generated from. JSON
// because every server start and every test file reads it: parsing the YAML took over a second of
// CPU each time, JSON.parse takes milliseconds. Checked for drift with the other generated files
// (tooling/scripts/test-all.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const source = fileURLToPath(new URL('../../../openapi/portal.yaml', import.meta.url));
const target = fileURLToPath(new URL('../src/generated/portal.json', import.meta.url));

// One property a line, so that a change to the contract is a readable diff here too.
writeFileSync(target, `${JSON.stringify(parse(readFileSync(source, 'utf8')), null, 1)}\n`);
