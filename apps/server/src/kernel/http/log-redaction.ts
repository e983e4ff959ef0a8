// Links in mails carry single-use tokens in their query string (`/portal/auth/reset-password?token=`),
// and a temporary id can travel the same way; the access log must never keep them, since anyone
// reading logs could otherwise set that account's password. Recording share links (a token in the
// path, a grant in the query) are kept out for the same reason.
import type { FastifyRequest } from 'fastify';

const secretParams = /([?&](?:token|tmpid|grant)=)[^&#]*/gi;
// A recording's share link carries its token in the path (the player page and its API calls).
const secretPaths = /(\/(?:shared-recordings|recording)\/)[A-Za-z0-9_-]{20,}/g;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]').replace(secretPaths, '$1[redacted]');
}

/** Pino serializers for Fastify's request log: the default fields, with secrets removed from the url. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};
