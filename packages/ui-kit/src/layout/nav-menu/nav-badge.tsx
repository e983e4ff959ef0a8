import { Badge } from '@mantine/core';
import type { NavItemBadge } from '../nav';

export function NavBadge({ badge }: { badge: NavItemBadge }) {
  return (
    <Badge size="sm" radius="sm" styles={{ root: { background: badge.bg, color: badge.fg } }}>
      {badge.title}
    </Badge>
  );
}
