export type NavItemType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

export type NavItemBadge = {
  title: string;
  /** Background colour (any CSS colour). */
  bg: string;
  /** Text colour. */
  fg: string;
};

/**
 * One navigation entry, as the spec defines it. `group` is a titled section, `collapse` an
 * expandable entry, `item` an in-app route, `link` an external URL, `divider` a separator.
 */
export type NavItem = {
  id: string;
  type: NavItemType;
  title: string;
  /** Translation key of the title; the app's `getTitle` uses it. */
  translate?: string;
  url?: string;
  /** Icon name, resolved by the app's `getIcon`. */
  icon?: string;
  badge?: NavItemBadge;
  children?: NavItem[];
  /** Roles allowed to see the item; filtering is the app's job. */
  auth?: string[];
  /** Active only on exactly this URL, not on sub-paths. */
  exact?: boolean;
  target?: string;
};

/** Item and link entries (those with a URL), depth-first in menu order. */
export function flattenNavItems(items: readonly NavItem[]): NavItem[] {
  const result: NavItem[] = [];
  const walk = (list: readonly NavItem[]) => {
    for (const item of list) {
      if ((item.type === 'item' || item.type === 'link') && item.url) result.push(item);
      if (item.children) walk(item.children);
    }
  };
  walk(items);
  return result;
}

export function findNavItem(items: readonly NavItem[], id: string): NavItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const found = item.children ? findNavItem(item.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

function normalisePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  return withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
}

/** Spec: a trailing slash is ignored. Non-exact items also match their sub-paths. */
export function isNavItemActive(item: NavItem, activePath: string): boolean {
  if (item.type !== 'item' || !item.url) return false;
  const url = normalisePath(item.url);
  const path = normalisePath(activePath);
  if (path === url) return true;
  return !item.exact && url !== '/' && path.startsWith(`${url}/`);
}

export function containsActiveItem(item: NavItem, activePath: string): boolean {
  return isNavItemActive(item, activePath) || (item.children ?? []).some((child) => containsActiveItem(child, activePath));
}
