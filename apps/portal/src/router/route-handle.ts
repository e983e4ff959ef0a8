/** Route `handle` of the pages open without sign-in, read when a 401 arrives. */
export type PortalRouteHandle = { access: 'public' };

export const publicHandle: PortalRouteHandle = { access: 'public' };

type MatchLike = { route: { handle?: unknown } };

export function isPublicMatch(matches: readonly MatchLike[]): boolean {
  return matches.some((match) => (match.route.handle as PortalRouteHandle | undefined)?.access === 'public');
}
