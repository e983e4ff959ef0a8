import type { NavNode } from '@portal/auth';
import type { NavItem } from '@portal/ui-kit';

// `/portal/dashboard`, `dashboard` and `/dashboard/` all become the router path `/dashboard`.
function routerPath(url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0]?.toLowerCase() === 'portal') segments.shift();
  return `/${segments.join('/')}`;
}

/**
 * The server's permission tree as menu entries: urls as router paths, entries whose `auth`
 * leaves out the role dropped, and groups left empty by that dropped too. `recheckAuth` false
 * trusts the tree as sent: a tree answered with `roleGroups` was filtered by the role groups the
 * operations gate on, and its `auth` lists built-in roles only, which a custom role's holder
 * (primary role `member`) is not among (the same rule as `canAccess`).
 */
export function toNavItems(nodes: readonly NavNode[], role: string | undefined, recheckAuth = true): NavItem[] {
  const items: NavItem[] = [];
  for (const node of nodes) {
    if (recheckAuth && node.auth && node.auth.length > 0 && (!role || !node.auth.includes(role))) continue;
    const children = node.children ? toNavItems(node.children, role, recheckAuth) : undefined;
    if ((node.type === 'group' || node.type === 'collapse') && (!children || children.length === 0)) continue;
    items.push({
      id: node.id,
      type: node.type,
      title: node.title,
      translate: node.translate,
      url: node.url && node.type !== 'link' ? routerPath(node.url) : node.url,
      icon: node.icon,
      badge: node.badge
        ? { title: node.badge.title, bg: node.badge.bg ?? 'var(--mantine-primary-color-filled)', fg: node.badge.fg ?? 'var(--mantine-primary-color-contrast)' }
        : undefined,
      children,
      auth: node.auth,
      exact: node.exact,
      target: node.target,
    });
  }
  return items;
}
