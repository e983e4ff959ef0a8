// `@portal/contract/validate`: the contract as data (its operations, parameters and schemas) and
// Ajv validators of requests and responses against it, for servers, test harnesses and API fakes
// in Node. Kept apart from the package's `.` so that the portal's bundle never holds Ajv or YAML.
export { listOperations, loadSpec, resolvePointer, shippedSpecPath } from './openapi.ts';
export type { JsonSchema, OpenApiDocument, OperationSpec, ParameterSpec } from './openapi.ts';
export { createSpecValidators, sharedSchema, sharedSchemaId, toFieldErrors, toSharedRefs } from './validators.ts';
export type { FieldError, RequestPart, RequestValidator, SpecValidators } from './validators.ts';
