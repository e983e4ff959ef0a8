// The two answers a handler gives besides 200: the resource it created (201), and nothing (204).
import type { FastifyReply } from 'fastify';

/** 201 Created with the new resource. */
export function created<T>(reply: FastifyReply, body: T): T {
  reply.code(201);
  return body;
}

/** 204 No Content. */
export function noContent(reply: FastifyReply): undefined {
  reply.code(204);
  return undefined;
}
