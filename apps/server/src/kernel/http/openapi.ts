// The server's side of the contract loader of @portal/contract/validate: it reads
// openapi/portal.yaml, the contract, from the repository (the operation list it registers routes
// from), serves it under its URL prefix, and says which media types it handles as JSON.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listOperations as contractOperations, loadSpec as parseSpec, type OpenApiDocument, type OperationSpec } from '@portal/contract/validate';

export { resolvePointer } from '@portal/contract/validate';
export type { JsonSchema, OpenApiDocument, OperationSpec, ParameterSpec } from '@portal/contract/validate';

/** Where the bundled contract is; a function, so that importing this module reads no file location. */
const specPath = () => fileURLToPath(new URL('../../../../../openapi/portal.yaml', import.meta.url));
export const apiPrefix = '/api/v1';

let cached: OpenApiDocument | undefined;

/** The contract, read once; `text` gives its YAML when the caller read the file itself. */
export function loadSpec(text?: string): OpenApiDocument {
  cached ??= parseSpec(text ?? readFileSync(specPath(), 'utf8'));
  return cached;
}

/** The contract's operations (the server's own contract unless another is given). */
export const listOperations = (spec: OpenApiDocument = loadSpec()): OperationSpec[] => contractOperations(spec);

export const isJsonMediaType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
