// Types of request and response bodies, read from the generated contract so a handler that drifts
// from openapi/portal.yaml fails the typecheck.
import type { FastifyReply } from 'fastify';
import type { components, operations } from '@portal/contract';
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

/**
 * The request body a handler receives: the JSON body when the operation takes JSON; a form
 * (application/x-www-form-urlencoded) as its declared schema, since app.ts parses it into an object
 * that the validator checked against that schema; a body in another media type (CSV, image bytes)
 * arrives as the parser left it (string or Buffer), so the handler checks it; none is undefined.
 */
export type RequestBodyOf<Op extends OperationId> =
  NonNullable<operations[Op]['requestBody']> extends { content: infer Content }
    ? Content extends { 'application/json': unknown }
      ? JsonBody<Op>
      : Content extends { 'application/x-www-form-urlencoded': infer Form }
        ? Form
        : unknown
    : undefined;

// Statuses a handler answers by returning (the rest are thrown as ProblemError).
type AnswerStatus = 200 | 201 | 202 | 204 | 302;

type AnswerBody<Status, Response> = Status extends 302
  ? // A redirect: the handler sends the reply itself.
    FastifyReply
  : Response extends { content: infer Content }
    ? Content extends { 'application/json': infer Body }
      ? Body
      : // Not serialised by a schema: a string, bytes or a stream the handler has typed itself.
        unknown
    : // No content (204).
      undefined;

/** What an operation's handler returns: the body of one of its success answers. */
export type ResponseOf<Op extends OperationId> = {
  [Status in keyof operations[Op]['responses'] & AnswerStatus]: AnswerBody<Status, operations[Op]['responses'][Status]>;
}[keyof operations[Op]['responses'] & AnswerStatus];
