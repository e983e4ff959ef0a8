// Every error leaves as `application/problem+json` with a stable `code`. Expected failures keep
// their status; anything unexpected is logged with the request id and answered as a bare 500
// `internal`, never with a stack or message that could leak internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { isUniqueViolation, sqlState } from '../db/errors.ts';
import { ProblemError } from './problem.ts';

function toProblem(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  const state = sqlState(error);
  // Class 22, data exception: the database refused a value the request carried (a NUL in text, an impossible date).
  if (state?.startsWith('22')) return new ProblemError(400, 'validation_failed', { detail: 'A value in the request cannot be used' });
  // A unique value taken by a concurrent request between the service's check and its write.
  if (isUniqueViolation(error)) return new ProblemError(409, 'conflict', { detail: 'This value was just taken by another change; reload and try again' });
  const fastifyError = error as Partial<FastifyError> | null;
  const status = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (fastifyError?.validation) {
    const field = fastifyError.validationContext ?? 'body';
    return new ProblemError(400, 'validation_failed', { errors: [{ field, code: 'invalid_value' }] });
  }
  switch (status) {
    case 400:
      // Unparsable JSON, an empty JSON body where one is needed, and the like.
      return new ProblemError(400, 'validation_failed', { errors: [{ field: 'body', code: 'invalid_value', message: 'The request body could not be read' }] });
    case 404:
      return new ProblemError(404, 'not_found');
    case 413:
      return new ProblemError(413, 'file_too_large', { detail: 'The request body is larger than this operation accepts (1 MB; 2 MB for a profile picture or brand image)' });
    case 415:
      return new ProblemError(415, 'unsupported_media_type');
    default:
      return status >= 400 && status < 500 ? new ProblemError(status, 'bad_request') : new ProblemError(500, 'internal');
  }
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemError) {
  reply.code(problem.status).type('application/problem+json');
  for (const [name, value] of Object.entries(problem.headers ?? {})) reply.header(name, value);
  return reply.send(problem.toBody(request.id));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = toProblem(error);
    if (problem.status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
    return sendProblem(request, reply, problem);
  });
  app.setNotFoundHandler((request, reply) => sendProblem(request, reply, new ProblemError(404, 'not_found')));
}

/**
 * Requests Node's HTTP parser refuses before any route is chosen (request line and headers over
 * 16 KB, a long query string included; a malformed request) still get a problem answer, the
 * contract's shared 431 and 400, instead of Fastify's plain JSON.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ProblemError(431, 'headers_too_large', { detail: 'The request line and headers together may not exceed 16 KB' })
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ProblemError(408, 'request_timeout')
        : new ProblemError(400, 'bad_request', { detail: 'The request could not be read' });
  const body = JSON.stringify(problem.toBody());
  socket.end(
    [
      `HTTP/1.1 ${problem.status} ${problem.toBody().title}`,
      'Connection: close',
      'Cache-Control: no-store',
      'Content-Type: application/problem+json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
}
