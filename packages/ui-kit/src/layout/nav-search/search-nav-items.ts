import { flattenNavItems, type NavItem } from '../nav';

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase();
}

/**
 * Navigable items whose (translated) title contains the query, ignoring case and accents;
 * titles starting with the query come first. At most `limit` results.
 */
export function searchNavItems(items: readonly NavItem[], query: string, getTitle: (item: NavItem) => string, limit: number): NavItem[] {
  const needle = fold(query.trim());
  if (!needle) return [];
  const starts: NavItem[] = [];
  const contains: NavItem[] = [];
  for (const item of flattenNavItems(items)) {
    const title = fold(getTitle(item));
    if (title.startsWith(needle)) starts.push(item);
    else if (title.includes(needle)) contains.push(item);
  }
  return [...starts, ...contains].slice(0, limit);
}
