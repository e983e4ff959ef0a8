// Who is calling, as the rules on roles and permissions see it: the principal without its session.
import type { Principal } from '../http/request-context.ts';
import type { DialFlag } from './permissions.ts';

/**
 * `role` is the caller's primary role, which is `superadmin` only in the system realm; `permissions`
 * and `dial` are what its enabled roles carry (read with the principal, src/auth/sessions.ts).
 */
export type Caller = { isSuperadmin: boolean; role: string; permissions: ReadonlySet<string>; dial: ReadonlySet<DialFlag> };

export const SUPERADMIN = 'superadmin';

export function callerOf(principal: Principal): Caller {
  if (principal.kind === 'anonymous') return { isSuperadmin: false, role: 'guest', permissions: new Set(), dial: new Set() };
  return { isSuperadmin: principal.role === SUPERADMIN, role: principal.role, permissions: principal.permissions, dial: principal.dial };
}
