import { Box, Button, Group, Menu } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLayoutSidebarRightExpand, IconLogin2, IconPalette, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { renderRouterLink, useLogout } from '@portal/auth';
import type { CurrentUser } from '@portal/auth';
import { LanguageMenu } from '@portal/i18n';
import { LayoutPanelButton, NavSearch, ShortcutsBar, useLayoutStore, UserMenu } from '@portal/ui-kit';
import type { NavItem } from '@portal/ui-kit';

export type PortalToolbarProps = {
  user: CurrentUser | null | undefined;
  items: readonly NavItem[];
  getTitle: (item: NavItem) => string;
  getIcon: (name: string | undefined) => ReactNode;
};

function SignedInUserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const openPanel = useLayoutStore((state) => state.openPanel);
  return (
    <UserMenu
      name={`${user.firstName} ${user.lastName}`.trim() || user.email}
      displayName={user.displayName}
      email={user.email}
      picture={user.photoURL}
      onProfile={() => void navigate('/profile')}
      onLogout={() => logout.mutate()}
    >
      {/* On phones the toolbar has no room for the quick panel button. */}
      <Menu.Item hiddenFrom="sm" leftSection={<IconLayoutSidebarRightExpand size={16} aria-hidden />} onClick={() => openPanel('quick')}>
        <Trans>Quick panel</Trans>
      </Menu.Item>
    </UserMenu>
  );
}

/**
 * The top bar: navigation search and shortcuts on the start side; language, colour scheme,
 * settings and quick panel, and the user menu on the end side. A signed-out visitor (landing
 * page) gets the language, colour scheme and a Login button. On phones the language and colour
 * scheme move into the settings panel and the quick panel into the user menu.
 */
export function PortalToolbar({ user, items, getTitle, getIcon }: PortalToolbarProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {user ? (
          <>
            <NavSearch
              items={items}
              getTitle={getTitle}
              getIcon={getIcon}
              onNavigate={(item) => {
                if (item.url) void navigate(item.url);
              }}
            />
            <Group visibleFrom="md" gap={4} wrap="nowrap">
              <ShortcutsBar items={items} renderLink={renderRouterLink} getTitle={getTitle} getIcon={getIcon} />
            </Group>
          </>
        ) : null}
      </Group>
      <Group gap={4} wrap="nowrap">
        <Box visibleFrom={user ? 'sm' : undefined}>
          <LanguageMenu />
        </Box>
        <Box visibleFrom="sm">
          <LayoutPanelButton panel="colorScheme" label={t`Colour scheme`} icon={<IconPalette size={20} aria-hidden />} />
        </Box>
        {user ? (
          <>
            <LayoutPanelButton panel="settings" label={t`Theme settings`} icon={<IconSettings size={20} aria-hidden />} />
            <Box visibleFrom="sm">
              <LayoutPanelButton
                panel="quick"
                label={t`Quick panel`}
                icon={<IconLayoutSidebarRightExpand size={20} aria-hidden />}
              />
            </Box>
            <SignedInUserMenu user={user} />
          </>
        ) : (
          <Button component={Link} to="/login" size="sm" leftSection={<IconLogin2 size={16} aria-hidden />}>
            <Trans>Login</Trans>
          </Button>
        )}
      </Group>
    </Group>
  );
}
