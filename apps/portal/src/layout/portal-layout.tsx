import { useLingui } from '@lingui/react';
import { useCallback, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LanguageMenu } from '@portal/i18n';
import { brandingFromTenantInfo, renderRouterLink, useCurrentUser, usePermissionTree, useTenantInfo } from '@portal/auth';
import {
  AppLayout,
  BrandLogo,
  ColorSchemePanel,
  NavMenu,
  QuickPanel,
  SettingsPanel,
  useLayoutStore,
} from '@portal/ui-kit';
import type { NavItem } from '@portal/ui-kit';
import { navIcon } from '../navigation/nav-icons';
import { translateNavTitle } from '../navigation/nav-titles';
import { toNavItems } from '../navigation/to-nav-items';
import { PortalToolbar } from './portal-toolbar';
import { useQuickPanelData } from './use-quick-panel-data';

const getIcon = (name: string | undefined) => navIcon(name);

/**
 * The shell of the landing page and the admin screens (spec, Layout): the navbar built from
 * the signed-in user's permission tree and the toolbar, without footer; the settings, colour
 * scheme and quick panels open over it.
 */
export default function PortalLayout() {
  // `_` changes with the language, so the menu titles follow a language switch.
  const { _ } = useLingui();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const { data: tree } = usePermissionTree();
  const { data: tenant } = useTenantInfo();
  const quickPanelOpened = useLayoutStore((state) => state.panels.quick);
  const quickPanel = useQuickPanelData(Boolean(user) && quickPanelOpened);

  const items = useMemo(() => (user && tree ? toNavItems(tree.data.children, user.role, !tree.roleGroups) : []), [user, tree]);
  const getTitle = useCallback((item: NavItem) => translateNavTitle(item, _), [_]);
  const branding = useMemo(() => (tenant ? brandingFromTenantInfo(tenant) : null), [tenant]);

  return (
    <>
      <AppLayout
        logo={<BrandLogo branding={branding} h={32} />}
        navbar={
          user ? (
            <NavMenu items={items} activePath={location.pathname} renderLink={renderRouterLink} getTitle={getTitle} getIcon={getIcon} />
          ) : undefined
        }
        hideNavbar={!user}
        toolbar={<PortalToolbar user={user} items={items} getTitle={getTitle} getIcon={getIcon} />}
        hideFooter
      >
        <Outlet />
      </AppLayout>
      <ColorSchemePanel />
      {user ? (
        <>
          <SettingsPanel>
            {/* The toolbar's language menu has no room on phones; the panel always offers it. */}
            <LanguageMenu position="bottom-start" />
          </SettingsPanel>
          <QuickPanel sections={quickPanel.data?.sections ?? []} loading={quickPanel.isPending && quickPanel.fetchStatus !== 'idle'} />
        </>
      ) : null}
    </>
  );
}
