import { Box, Button, Divider, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { containsActiveItem, isNavItemActive, type NavItem } from '../nav';
import { NavBadge } from './nav-badge';
import { useNavMenu } from './nav-menu-context';

function TopLink({ item }: { item: NavItem }) {
  const { activePath, renderLink, getTitle, getIcon, onNavigate } = useNavMenu();
  const active = isNavItemActive(item, activePath);
  const url = item.url ?? '';
  const props = {
    variant: active ? 'light' : 'subtle',
    color: active ? undefined : 'gray',
    leftSection: getIcon(item),
    rightSection: item.badge ? <NavBadge badge={item.badge} /> : undefined,
    'aria-current': active ? ('page' as const) : undefined,
    onClick: () => onNavigate(item),
  };
  const title = getTitle(item);
  if (item.type === 'link') {
    return (
      <Button component="a" href={url} target={item.target} rel={item.target === '_blank' ? 'noopener noreferrer' : undefined} {...props}>
        {title}
      </Button>
    );
  }
  return (
    <Button {...props} renderRoot={(rootProps) => renderLink({ ...rootProps, href: url, item })}>
      {title}
    </Button>
  );
}

function MenuEntries({ items }: { items: readonly NavItem[] }): ReactNode {
  const { activePath, renderLink, getTitle, getIcon, onNavigate } = useNavMenu();
  return items.map((item) => {
    switch (item.type) {
      case 'divider':
        return <Menu.Divider key={item.id} />;
      case 'group':
      case 'collapse':
        return (
          <Box key={item.id}>
            <Menu.Label>{getTitle(item)}</Menu.Label>
            <MenuEntries items={item.children ?? []} />
          </Box>
        );
      case 'item':
      case 'link': {
        const active = isNavItemActive(item, activePath);
        const url = item.url ?? '';
        const shared = {
          leftSection: getIcon(item),
          rightSection: item.badge ? <NavBadge badge={item.badge} /> : undefined,
          'aria-current': active ? ('page' as const) : undefined,
          'data-active': active || undefined,
          onClick: () => onNavigate(item),
        };
        return item.type === 'link' ? (
          <Menu.Item key={item.id} component="a" href={url} target={item.target} rel={item.target === '_blank' ? 'noopener noreferrer' : undefined} {...shared}>
            {getTitle(item)}
          </Menu.Item>
        ) : (
          <Menu.Item key={item.id} {...shared} renderRoot={(rootProps) => renderLink({ ...rootProps, href: url, item })}>
            {getTitle(item)}
          </Menu.Item>
        );
      }
    }
  });
}

function TopMenu({ item }: { item: NavItem }) {
  const { activePath, getTitle, getIcon } = useNavMenu();
  const active = containsActiveItem(item, activePath);
  return (
    <Menu trigger="click-hover" openDelay={100} closeDelay={150} position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          leftSection={getIcon(item)}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
        >
          {getTitle(item)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <MenuEntries items={item.children ?? []} />
      </Menu.Dropdown>
    </Menu>
  );
}

export function NavMenuHorizontal({ items }: { items: readonly NavItem[] }) {
  return (
    <Box component="ul" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
      {items.map((item) => (
        <li key={item.id} aria-hidden={item.type === 'divider' || undefined}>
          {item.type === 'divider' ? (
            <Divider orientation="vertical" h={24} />
          ) : item.type === 'group' || item.type === 'collapse' ? (
            <TopMenu item={item} />
          ) : (
            <TopLink item={item} />
          )}
        </li>
      ))}
    </Box>
  );
}
