// `pnpm contract:bundle`: bundles the contract's sources (openapi/src, one file per tag) into the
// single file openapi/portal.yaml that the server serves and validates with and the types are
// generated from. Redocly inlines the other files' path items and moves their schemas into
// `components`, under the names the root's `components.schemas` gives them, so every consumer
// keeps seeing local `#/components/schemas/X` refs. The root's `x-shared-responses` (statuses the
// server's shared request handling answers: bad input, unknown tenant, maintenance…) is then spread
// onto every operation its rule selects, so each operation lists every status it can answer.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';
import { root } from './lib.mjs';

const source = resolve(root, 'openapi/src/portal.yaml');
const target = resolve(root, 'openapi/portal.yaml');
const header = '# Generated from openapi/src by `pnpm contract:bundle`: do not edit, edit openapi/src instead.\n';

/** Which operations a shared response's `operations` selector names. */
const selectors = {
  all: () => true,
  // Path or query parameters or a body: what request validation can refuse.
  'with-input': (operation, parameters) => parameters.length > 0 || Boolean(operation.requestBody),
  'with-body': (operation) => Boolean(operation.requestBody),
  'signed-in': (operation) => operation['x-permission'] !== 'public',
};

function applySharedResponses(spec) {
  const shared = spec['x-shared-responses'];
  if (!shared) return;
  delete spec['x-shared-responses'];
  for (const rule of shared) {
    const select = selectors[rule.operations ?? 'all'];
    if (!select) throw new Error(`x-shared-responses: unknown operations selector ${rule.operations}`);
    if (!spec.components?.responses?.[rule.response]) throw new Error(`x-shared-responses: no components.responses.${rule.response}`);
    for (const item of Object.values(spec.paths)) {
      for (const method of ['get', 'put', 'post', 'patch', 'delete']) {
        const operation = item[method];
        if (!operation || (rule.except ?? []).includes(operation.operationId)) continue;
        if (!select(operation, [...(item.parameters ?? []), ...(operation.parameters ?? [])])) continue;
        // Statuses are integer-like keys: JavaScript keeps them in ascending order wherever they are added.
        operation.responses[rule.status] ??= { $ref: `#/components/responses/${rule.response}` };
      }
    }
  }
}

const { bundle: document, problems } = await bundle({ ref: source, config: await createConfig({}) });
if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem.message} (${problem.location.map((l) => `${l.source.absoluteRef}${l.pointer}`).join(', ')})`);
  process.exit(1);
}
applySharedResponses(document.parsed);
// lineWidth 0: no folded lines, so each `operationId:` stays on one line for the scripts that grep it.
writeFileSync(target, header + stringify(document.parsed, { lineWidth: 0, aliasDuplicateObjects: false }));

