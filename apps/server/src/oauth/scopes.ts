// The scopes a developer client may ask for, and what each lets its tokens do at /api/v1: a
// token's permissions are those of its scopes intersected with the user's own (src/auth/sessions.ts).
import { permissions as allPermissions } from '../kernel/access/permissions.ts';

/** OpenID Connect scopes (user information; `offline_access` for refresh tokens, always issued). */
export const oidcScopes = ['openid', 'profile', 'email', 'offline_access'] as const;

/** Scopes of the portal's API (the resource `<origin>/api/v1`), in the consent screen's words. */
export const apiScopes = {
  'meetings:read': 'view meetings',
  'meetings:write': 'view and manage meetings',
  'phone:read': 'view phone activities and settings',
  'recordings:read': 'view recordings',
} as const;

export type ApiScope = keyof typeof apiScopes;

const all = (prefix: string) => allPermissions.filter((permission) => permission.startsWith(prefix));
const meetingReads = allPermissions.filter((permission) => permission.startsWith('meeting.') && permission.endsWith('.get'));

const granted: Record<ApiScope | 'profile', readonly string[]> = {
  'meetings:read': [...meetingReads, 'room.current.get', 'room.completed.get', 'room.meetingstate.get'],
  'meetings:write': [...all('meeting.'), 'room.current.get', 'room.current.end', 'room.current.remove', 'room.current.lock', 'room.current.mute', 'room.completed.get', 'room.meetingstate.get'],
  // Phone numbers (DIDs) and their settings, read only.
  'phone:read': allPermissions.filter((permission) => permission.startsWith('did') && permission.endsWith('.get')),
  'recordings:read': ['room.recording.get', ...allPermissions.filter((permission) => permission.startsWith('recording') && permission.endsWith('.get'))],
  profile: ['user.profile.get'],
};

/** What a token carrying `scope` (space-separated) may do, before the user's own permissions are applied. */
export function permissionsOfScope(scope: string): Set<string> {
  const result = new Set<string>();
  for (const name of scope.split(' ')) {
    const list = Object.hasOwn(granted, name) ? granted[name as keyof typeof granted] : undefined;
    for (const permission of list ?? []) result.add(permission);
  }
  return result;
}

export function intersect(held: ReadonlySet<string>, allowed: ReadonlySet<string>): Set<string> {
  return new Set([...held].filter((permission) => allowed.has(permission)));
}
