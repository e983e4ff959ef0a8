// The exact text of a JSON request body, for the few operations that verify a signature over the
// bytes the sender signed (the Stripe webhook): parsing and re-serialising would change them.
import type { FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, string>();

export function keepRawBody(request: FastifyRequest, text: string): void {
  rawBodies.set(request, text);
}

export function rawBodyOf(request: FastifyRequest): string | undefined {
  return rawBodies.get(request);
}
