import type { NavNode, PermissionTree } from '../api/use-permission-tree';

const BASENAME = 'portal';

/**
 * A route path or menu url in one comparable form: no query or hash, no `/portal` prefix, no
 * leading or trailing slash, lower case (routes match case-insensitively: `Roles` is `roles`).
 */
export function normalizeRoutePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const segments = withoutQuery.split('/').filter(Boolean);
  if (segments[0]?.toLowerCase() === BASENAME) segments.shift();
  return segments.join('/').toLowerCase();
}

function grants(node: NavNode, path: string, role: string | undefined): boolean {
  if (node.type === 'divider') return false;
  // The server already filters the tree by role; an item's `auth` is checked again so a stale
  // or hand-made tree cannot open an item to a role outside its group.
  if (role !== undefined && node.auth && node.auth.length > 0 && !node.auth.includes(role)) return false;
  const url = node.url ? normalizeRoutePath(node.url) : '';
  if (url && (path === url || path.startsWith(`${url}/`))) return true;
  return (node.children ?? []).some((child) => grants(child, path, role));
}

/**
 * Whether the permission tree from getUserPermissions opens a route: some item's url (searched
 * through the children recursively) equals the path or is a parent of it (`roles` opens
 * `Roles/create-role`). Given a whole tree without `roleGroups`, items whose `auth` excludes the tree's role do not count.
 */
export function canAccess(tree: PermissionTree | readonly NavNode[] | null | undefined, path: string): boolean {
  if (!tree) return false;
  const target = normalizeRoutePath(path);
  if (!target) return false;
  const nodes = Array.isArray(tree) ? (tree as readonly NavNode[]) : (tree as PermissionTree).data.children;
  // A tree answered with `roleGroups` was filtered by the groups the operation gate reads; its
  // items' `auth` lists built-in roles only, which a custom role's holder (primary role `member`)
  // is not among, so it is not checked again.
  const role = Array.isArray(tree) || (tree as PermissionTree).roleGroups ? undefined : (tree as PermissionTree).role;
  return nodes.some((node) => grants(node, target, role));
}
