import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from './api-types.gen.ts';

export type OperationId = keyof operations;

/**
 * An operation handler. The request was already validated against openapi/portal.yaml, the
 * caller authenticated and its `x-permission` checked; `request.ctx` carries the tenant, the
 * principal and a tenant-scoped database. Return the response body (status 200 unless the
 * handler sets `reply.code(...)`), or throw a ProblemError.
 */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Each domain module exports the handlers of the operations it implements. */
export type OperationHandlers = Partial<Record<OperationId, OperationHandler>>;
