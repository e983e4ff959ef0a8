import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { getInitial } from './get-initial';

export type UserMenuProps = {
  name: string;
  /** Shown instead of `name` when set. */
  displayName?: string | null;
  email?: string | null;
  /** Profile picture URL; without it the avatar shows the first letter of the name. */
  picture?: string | null;
  onLogout: () => void;
  /** Adds a "Profile" item. */
  onProfile?: () => void;
  /** Further menu items (e.g. `<Menu.Item>`s) between Profile and Logout. */
  children?: ReactNode;
};

export function UserMenu({ name, displayName, email, picture, onLogout, onProfile, children }: UserMenuProps) {
  const { t } = useLingui();
  const shownName = displayName?.trim() || name;
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <UnstyledButton px={4} py={2} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          {/* The name comes from the content (no aria-label that could differ from what shows, WCAG 2.5.3): the shown initial and name are decoration of it. */}
          <VisuallyHidden>{t`Account menu for ${shownName}`}</VisuallyHidden>
          <Group gap="xs" wrap="nowrap" aria-hidden="true">
            <Avatar src={picture || null} alt="" radius="xl" size={32} color="initials" name={shownName}>
              {getInitial(shownName)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
              {shownName}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {shownName}
          </Text>
          {email ? (
            <Text size="xs" c="dimmed" truncate>
              {email}
            </Text>
          ) : null}
        </Menu.Label>
        {onProfile ? (
          <Menu.Item leftSection={<IconUser size={16} aria-hidden="true" />} onClick={onProfile}>
            <Trans>Profile</Trans>
          </Menu.Item>
        ) : null}
        {children}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={onLogout}>
          <Trans>Logout</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
