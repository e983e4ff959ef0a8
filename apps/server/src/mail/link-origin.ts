// The base URL of links in mails. With PUBLIC_URL set, links never depend on the request's Host
// header: the platform (`system`) uses PUBLIC_URL itself and a tenant `https://<sname>.<host>`.
// Without it, the origin the request came in on — but only where a forged Host header cannot send
// a victim's reset link to someone else's site: on a development host (localhost, *.localhost,
// loopback), or while the tenant's mail has no route off the server (no SMTP of its own, no saved
// platform email settings, no SMTP_URL: routes.ts) and only goes to the log.
import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../http/problem.ts';
import { normaliseHostname, systemRealm } from '../tenancy/tenancy.ts';
import { mailLeavesServer } from './routes.ts';

export function linkOrigin(publicUrl: string | null, requestOrigin: string, sname: string): string {
  if (!publicUrl) return requestOrigin;
  if (sname === systemRealm) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = `${sname}.${url.hostname}`;
  return url.origin;
}

const isDevelopmentHost = (hostname: string) => {
  const host = normaliseHostname(hostname);
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
};

/** The link base for a mail sent on behalf of this request; 503 when PUBLIC_URL must be set first. */
export async function mailLinkOrigin(request: FastifyRequest): Promise<string> {
  const { config } = request.server;
  const { ctx } = request;
  if (!config.publicUrl && !isDevelopmentHost(request.hostname) && (await mailLeavesServer(request.server, ctx.tenant.id))) {
    request.log.error('PUBLIC_URL is not set: refusing to build a mailed link from the request Host header');
    throw new ProblemError(503, 'public_url_required', { detail: 'The server needs PUBLIC_URL to send links by mail' });
  }
  return linkOrigin(config.publicUrl, ctx.origin, ctx.tenant.sname);
}
