// The base URL of links in mails. With PUBLIC_URL set, links never depend on the request's Host
// header: the platform (`system`) uses PUBLIC_URL itself and a tenant `https://<sname>.<host>`.
// Without it (development), the origin the request came in on.
import { systemRealm } from '../tenancy/tenancy.ts';

export function linkOrigin(publicUrl: string | null, requestOrigin: string, sname: string): string {
  if (!publicUrl) return requestOrigin;
  if (sname === systemRealm) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = `${sname}.${url.hostname}`;
  return url.origin;
}
