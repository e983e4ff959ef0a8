// The request log (README, LOG_LEVEL): each answered request is one line at `debug`, so `info`
// under traffic (every media node posts its events every few seconds) says only what happened to
// the server; an answer of 500 or more is a line at `error` (503, "not now", at `warn`). Both carry the request's `reqId`, the
// `x-request-id` its client was given, so a user's report finds its line.
import type { FastifyInstance } from 'fastify';

export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // 503 says "not now" (migrating, maintenance, no media server): expected, so a warning, not an error.
    const failed = reply.statusCode >= 500;
    const level = reply.statusCode === 503 ? 'warn' : failed ? 'error' : 'debug';
    request.log[level]({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, failed ? 'request answered with a server error' : 'request completed');
  });
}
