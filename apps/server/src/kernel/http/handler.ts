import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId } from '@portal/contract';
import type { PathOf, QueryOf, RequestBodyOf, ResponseOf } from './api.ts';

export type { OperationId };

/** The request of one operation, its body, path and query parameters typed by the contract. */
export type OperationRequest<Op extends OperationId> = FastifyRequest<{ Body: RequestBodyOf<Op>; Params: PathOf<Op>; Querystring: QueryOf<Op> }>;

/**
 * An operation handler. The request was already validated against openapi/portal.yaml, the
 * caller authenticated and its `x-permission` checked; `request.ctx` carries the tenant, the
 * principal and a tenant-scoped database. Return the response body (status 200 unless the
 * handler sets `reply.code(...)`), or throw a ProblemError.
 */
export type OperationHandler<Op extends OperationId> = (request: OperationRequest<Op>, reply: FastifyReply) => Promise<ResponseOf<Op>>;

/** Each domain module exports the handlers of the operations it implements. */
export type OperationHandlers = { [Op in OperationId]?: OperationHandler<Op> };
