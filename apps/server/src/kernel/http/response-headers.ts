// Headers every answer carries beside helmet's: API answers are private to their caller unless
// the handler said otherwise (public brand images, the static portal set their own caching), so a
// shared cache or the browser's back button never keeps a signed-in answer or a CSRF token; the
// browser features the portal uses are allowed to its own pages only (the meeting room's camera,
// microphone and screen capture), the rest are off; HSTS only over https, since over http a
// browser ignores it and a local deployment without TLS must stay reachable.
import type { FastifyInstance } from 'fastify';
import { apiPrefix } from './openapi.ts';

export const permissionsPolicy = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=(self)',
  'fullscreen=(self)',
  'autoplay=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

export const hstsValue = 'max-age=31536000; includeSubDomains';

export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(`${apiPrefix}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('permissions-policy', permissionsPolicy);
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
    return payload;
  });
}
