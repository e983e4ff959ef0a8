// `pnpm contract:bundle`: bundles the contract's sources (openapi/src, one file per tag) into the
// single file openapi/portal.yaml that the server serves and validates with and the types are
// generated from. Redocly inlines the other files' path items and moves their schemas into
// `components`, under the names the root's `components.schemas` gives them, so every consumer
// keeps seeing local `#/components/schemas/X` refs.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';
import { root } from './lib.mjs';

const source = resolve(root, 'openapi/src/portal.yaml');
const target = resolve(root, 'openapi/portal.yaml');
const header = '# Generated from openapi/src by `pnpm contract:bundle`: do not edit, edit openapi/src instead.\n';

const { bundle: document, problems } = await bundle({ ref: source, config: await createConfig({}) });
if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem.message} (${problem.location.map((l) => `${l.source.absoluteRef}${l.pointer}`).join(', ')})`);
  process.exit(1);
}
// lineWidth 0: no folded lines, so each `operationId:` stays on one line for the scripts that grep it.
writeFileSync(target, header + stringify(document.parsed, { lineWidth: 0, aliasDuplicateObjects: false }));
