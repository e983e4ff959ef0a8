import { ActionIcon, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { useLayoutStore } from '../layout-store';
import { findNavItem, flattenNavItems, renderAnchor, type NavItem, type RenderLink } from '../nav';

export type ShortcutsBarProps = {
  /** The navigation tree the user may see; shortcuts to items not in it are not shown. */
  items: readonly NavItem[];
  renderLink?: RenderLink;
  getTitle?: (item: NavItem) => string;
  getIcon?: (name: string | undefined, item: NavItem) => ReactNode;
  /** Defaults to `useLayoutStore().shortcuts`. */
  shortcuts?: string[];
  /** Defaults to `useLayoutStore().setShortcuts`. */
  onChange?: (shortcuts: string[]) => void;
};

const defaultTitle = (item: NavItem) => item.title;

function Initial({ title }: { title: string }) {
  return (
    <Text component="span" fw={700} fz="sm" aria-hidden="true">
      {title.slice(0, 1).toUpperCase()}
    </Text>
  );
}

/** The user's favourite pages as icon buttons, with a menu to add or remove them. */
export function ShortcutsBar({ items, renderLink = renderAnchor, getTitle = defaultTitle, getIcon, shortcuts, onChange }: ShortcutsBarProps) {
  const { t } = useLingui();
  const storedShortcuts = useLayoutStore((state) => state.shortcuts);
  const setShortcuts = useLayoutStore((state) => state.setShortcuts);
  const ids = shortcuts ?? storedShortcuts;
  const change = onChange ?? setShortcuts;

  const candidates = useMemo(() => flattenNavItems(items).filter((item) => item.type === 'item'), [items]);
  const active = ids.map((id) => findNavItem(items, id)).filter((item): item is NavItem => item?.type === 'item' && Boolean(item.url));

  const toggle = (id: string) => change(ids.includes(id) ? ids.filter((existing) => existing !== id) : [...ids, id]);

  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t`Shortcuts`}>
      {active.map((item) => {
        const title = getTitle(item);
        return (
          <Tooltip key={item.id} label={title}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={title}
              renderRoot={(props) => renderLink({ ...props, href: item.url ?? '', item })}
            >
              {getIcon?.(item.icon, item) ?? <Initial title={title} />}
            </ActionIcon>
          </Tooltip>
        );
      })}
      <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
        <Menu.Target>
          <Tooltip label={t`Edit shortcuts`}>
            <ActionIcon variant="subtle" color="yellow" size="lg" aria-label={t`Edit shortcuts`}>
              <IconStar size={20} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown mah={400} style={{ overflowY: 'auto' }}>
          <Menu.Label>{t`Shortcuts`}</Menu.Label>
          {candidates.map((item) => {
            const checked = ids.includes(item.id);
            return (
              <Menu.Item
                key={item.id}
                // Mantine fixes role="menuitem"; these entries are toggles, so say so.
                renderRoot={(props) => <button type="button" {...props} role="menuitemcheckbox" aria-checked={checked} />}
                leftSection={checked ? <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-hidden="true" /> : <IconStar size={16} aria-hidden="true" />}
                onClick={() => toggle(item.id)}
              >
                {getTitle(item)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
