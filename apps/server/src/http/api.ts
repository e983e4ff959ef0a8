// Types of request and response bodies, read from the generated contract so a handler that drifts
// from openapi/portal.yaml fails the typecheck.
import type { components, operations } from './api-types.gen.ts';
import type { OperationId } from './handler.ts';

export type Schemas = components['schemas'];

/** The JSON request body of an operation (undefined when optional and absent). */
export type JsonBody<Op extends OperationId> =
  NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer Body } }
    ? undefined extends operations[Op]['requestBody']
      ? Body | undefined
      : Body
    : never;

/** The JSON body of an operation's response with the given status. */
export type JsonResponse<Op extends OperationId, Status extends keyof operations[Op]['responses']> =
  operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;

export type QueryOf<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;
export type PathOf<Op extends OperationId> = NonNullable<operations[Op]['parameters']['path']>;
