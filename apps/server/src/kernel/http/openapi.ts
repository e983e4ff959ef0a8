// The server's side of the contract loader of @portal/contract/validate: it reads the contract
// (openapi/portal.yaml, as the JSON copy the contract package generates and ships, read once), the
// operation list it registers routes from, serves it under its URL prefix, and says which media
// types it handles as JSON.
import { listOperations as contractOperations, loadSpec as shippedSpec, type OpenApiDocument, type OperationSpec } from '@portal/contract/validate';

export { resolvePointer } from '@portal/contract/validate';
export type { JsonSchema, OpenApiDocument, OperationSpec, ParameterSpec } from '@portal/contract/validate';

export const apiPrefix = '/api/v1';

/** The contract the server was built with. */
export const loadSpec = (): OpenApiDocument => shippedSpec();

/** The contract's operations (the server's own contract unless another is given). */
export const listOperations = (spec: OpenApiDocument = loadSpec()): OperationSpec[] => contractOperations(spec);

export const isJsonMediaType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');
