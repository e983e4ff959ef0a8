import { Box, Collapse, Divider, NavLink, Text, Tooltip, useDirection, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { containsActiveItem, isNavItemActive, type NavItem } from '../nav';
import { NavBadge } from './nav-badge';
import { useNavMenu } from './nav-menu-context';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

function FoldedTooltip({ title, folded, children }: { title: string; folded: boolean; children: ReactNode }) {
  const { dir } = useDirection();
  if (!folded) return children;
  return (
    <Tooltip label={title} position={dir === 'rtl' ? 'left' : 'right'} withArrow>
      {children}
    </Tooltip>
  );
}

/** Icon-less entries still need something to show when the navbar only shows icons. */
function InitialIcon({ title }: { title: string }) {
  return (
    <Text component="span" fw={700} fz="sm" w={20} ta="center" aria-hidden="true">
      {title.slice(0, 1).toUpperCase()}
    </Text>
  );
}

function NavEntryLink({ item }: { item: NavItem }) {
  const { activePath, renderLink, getTitle, getIcon, onNavigate, folded } = useNavMenu();
  const title = getTitle(item);
  const icon = getIcon(item) ?? (folded ? <InitialIcon title={title} /> : undefined);
  const active = isNavItemActive(item, activePath);
  const shared = {
    label: folded ? undefined : title,
    leftSection: icon,
    rightSection: !folded && item.badge ? <NavBadge badge={item.badge} /> : undefined,
    active,
    'aria-label': folded ? title : undefined,
    'aria-current': active ? ('page' as const) : undefined,
    onClick: () => onNavigate(item),
  };
  const url = item.url ?? '';
  const link =
    item.type === 'link' ? (
      <NavLink component="a" href={url} target={item.target} rel={item.target === '_blank' ? 'noopener noreferrer' : undefined} {...shared} />
    ) : (
      <NavLink {...shared} renderRoot={(props) => renderLink({ ...props, href: url, item })} />
    );
  return (
    <FoldedTooltip title={title} folded={folded}>
      {link}
    </FoldedTooltip>
  );
}

function NavEntryCollapse({ item, depth }: { item: NavItem; depth: number }) {
  const { activePath, getTitle, getIcon, folded } = useNavMenu();
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const listId = useId();
  const title = getTitle(item);
  const opened = toggled ?? containsActiveItem(item, activePath);
  return (
    <>
      <FoldedTooltip title={title} folded={folded}>
        <NavLink
          component="button"
          type="button"
          label={folded ? undefined : title}
          aria-label={folded ? title : undefined}
          leftSection={getIcon(item) ?? (folded ? <InitialIcon title={title} /> : undefined)}
          rightSection={
            <IconChevronDown
              size={14}
              aria-hidden="true"
              style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
            />
          }
          aria-expanded={opened}
          aria-controls={listId}
          onClick={() => setToggled(!opened)}
        />
      </FoldedTooltip>
      <Collapse expanded={opened}>
        <NavList id={listId} items={item.children ?? []} depth={depth + 1} />
      </Collapse>
    </>
  );
}

function NavEntryGroup({ item, depth }: { item: NavItem; depth: number }) {
  const { getTitle, folded } = useNavMenu();
  const headingId = useId();
  const title = getTitle(item);
  const heading = (
    <Text id={headingId} component="h2" fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4} m={0}>
      {title}
    </Text>
  );
  return (
    <>
      {folded ? (
        <>
          <Divider my="xs" />
          <VisuallyHidden>{heading}</VisuallyHidden>
        </>
      ) : (
        heading
      )}
      <NavList items={item.children ?? []} depth={depth + 1} labelledBy={headingId} />
    </>
  );
}

function NavEntry({ item, depth }: { item: NavItem; depth: number }) {
  switch (item.type) {
    case 'divider':
      return <Divider my="xs" />;
    case 'group':
      return <NavEntryGroup item={item} depth={depth} />;
    case 'collapse':
      return <NavEntryCollapse item={item} depth={depth} />;
    case 'item':
    case 'link':
      return <NavEntryLink item={item} />;
  }
}

type NavListProps = { items: readonly NavItem[]; depth: number; id?: string; labelledBy?: string };

function NavList({ items, depth, id, labelledBy }: NavListProps) {
  const { folded } = useNavMenu();
  // Collapse children are indented, group children are not: a group is only a heading.
  const indent = !folded && depth > 0 && labelledBy === undefined;
  return (
    <Box component="ul" id={id} aria-labelledby={labelledBy} style={listStyle} ps={indent ? 'md' : 0}>
      {items.map((item) => (
        <li key={item.id} aria-hidden={item.type === 'divider' || undefined}>
          <NavEntry item={item} depth={depth} />
        </li>
      ))}
    </Box>
  );
}

export function NavMenuVertical({ items }: { items: readonly NavItem[] }) {
  return <NavList items={items} depth={0} />;
}
