// The base URL of the portal's links: in mails, and the sign-in URL handed out with a new account.
// The configured base is PUBLIC_URL, else the public URL saved in the global configuration's
// system section (settings/system.ts). With a base, links never depend on the request's Host
// header: the platform (`system`) uses the base itself and a tenant `https://<sname>.<host>`.
// Without one, a mailed link uses the origin the request came in on — but only where a forged Host
// header cannot send a victim's reset link to someone else's site: on a development host
// (localhost, *.localhost, loopback), or while the tenant's mail has no route off the server (no
// SMTP of its own, no saved platform email settings, no SMTP_URL: routes.ts) and only goes to the
// log. An answer's link goes to the caller alone, so it may follow the request's origin anyway.
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProblemError } from '../kernel/http/problem.ts';
import { savedSystemSettings } from '../settings/index.ts';
import { normaliseHostname, systemRealm } from '../kernel/tenancy/tenancy.ts';
import { mailLeavesServer } from './routes.ts';

export function linkOrigin(publicUrl: string | null, requestOrigin: string, sname: string): string {
  if (!publicUrl) return requestOrigin;
  if (sname === systemRealm) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = `${sname}.${url.hostname}`;
  return url.origin;
}

/**
 * The configured base of the portal's links: PUBLIC_URL first, else the saved system section's
 * public URL (one cached settings read), else null. The one place that rule lives.
 */
export async function publicBaseUrl(server: FastifyInstance): Promise<string | null> {
  return server.config.publicUrl ?? (await savedSystemSettings(server.database)).publicUrl;
}

const isDevelopmentHost = (hostname: string) => {
  const host = normaliseHostname(hostname);
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
};

/** The link base for a mail sent on behalf of this request; 503 when a public URL must be configured first. */
export async function mailLinkOrigin(request: FastifyRequest): Promise<string> {
  const { ctx } = request;
  const base = await publicBaseUrl(request.server);
  if (!base && !isDevelopmentHost(request.hostname) && (await mailLeavesServer(request.server, ctx.tenant.id))) {
    request.log.error('Neither PUBLIC_URL nor a saved public URL is set: refusing to build a mailed link from the request Host header');
    throw new ProblemError(503, 'public_url_required', {
      detail: 'The server needs PUBLIC_URL, or a public URL in the system settings, to send links by mail',
    });
  }
  return linkOrigin(base, ctx.origin, ctx.tenant.sname);
}

/**
 * The origin serving tenant `sname`, derived from the caller's: the realm is the first label of a
 * host with more than two labels, so `portal.example` and `system.portal.example` both become
 * `acme.portal.example`. On this machine (`localhost` or a loopback address) tenants are served at
 * `<sname>.portal.localhost`, which browsers resolve to this machine too. Another IP address or
 * one-label host has no tenant hosts: keep the caller's.
 */
export function tenantOrigin(callerOrigin: string, sname: string): string {
  const url = new URL(callerOrigin);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)) {
    url.hostname = `${sname}.portal.localhost`;
    return url.origin;
  }
  if (isIP(host) || !host.includes('.')) return callerOrigin;
  const labels = host.split('.');
  url.hostname = [sname, ...(labels.length > 2 ? labels.slice(1) : labels)].join('.');
  return url.origin;
}

/**
 * The origin of tenant `sname`'s portal in an answer to this request (the sign-in URL of a new
 * account or tenant): from the configured base exactly as a mailed link, else from the request's
 * origin — its own when `sname` is the caller's tenant, else `tenantOrigin`.
 */
export async function answerLinkOrigin(request: FastifyRequest, sname: string): Promise<string> {
  const { ctx } = request;
  const base = await publicBaseUrl(request.server);
  if (base) return linkOrigin(base, ctx.origin, sname);
  return sname === ctx.tenant.sname ? ctx.origin : tenantOrigin(ctx.origin, sname);
}
