import { Button, Center, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { commonMessages } from '@portal/i18n';
import { ErrorState, MissingPage, PageLoader } from '@portal/ui-kit';
import { useCurrentUser } from '../../api/use-current-user';
import { usePermissionTree } from '../../api/use-permission-tree';
import { useTenantInfo } from '../../api/use-tenant-info';
import { useApplyUserPreferences } from '../../hooks/use-apply-user-preferences';
import { isMaintenanceError, MaintenanceNotice } from '../maintenance-notice';
import { canAccess } from '../../utils/can-access';
import { renderRouterLink } from '../render-router-link';
import { accessDeniedLoginPath, LANDING_PATH, LOGIN_PATH, loginPathFor } from '../../utils/post-login-redirect';
import { isInRoleGroup } from '../../utils/role-groups';
import type { RoleGroup } from '../../utils/role-groups';

export type RequireAuthProps = {
  /** The guarded content; without it the matched child route renders (`<Outlet />`). */
  children?: ReactNode;
  /**
   * The permission-tree url that opens this route; defaults to the current path. `null` skips
   * the tree check for routes the spec gates by role only (the global configuration screens).
   */
  treeUrl?: string | null;
  /** Role group(s) of spec section 6 the signed-in role must belong to. */
  roleGroup?: RoleGroup | readonly RoleGroup[];
};

/** A signed-in session at a tenant closed by the platform's maintenance mode (503 `maintenance`). */
function ClosedForMaintenance({ onRetry }: { onRetry: () => void }) {
  const { data: tenant } = useTenantInfo();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <MaintenanceNotice supportEmail={tenant?.supportEmail} />
        <Button variant="default" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Center>
  );
}

/** The session or the menu could not be loaded: the maintenance notice for 503 `maintenance`, else a generic failure; both offer a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  if (isMaintenanceError(error)) return <ClosedForMaintenance onRetry={onRetry} />;
  return <ErrorState message={i18n._(commonMessages.failedTryAgain)} actionLabel={<Trans>Try again</Trans>} onAction={onRetry} />;
}

/** The spec's missing page; its Login link only on the local development host, the platform's support address when saved. */
export function MissingRoutePage() {
  const { data: tenant } = useTenantInfo();
  return (
    <MissingPage
      homeHref={LANDING_PATH}
      loginHref={tenant?.localDevelopment === true ? LOGIN_PATH : undefined}
      renderLink={renderRouterLink}
      supportEmail={tenant?.supportEmail}
    />
  );
}

/**
 * Route guard (spec section 2, access rules): 'Loading' until the session and the permission
 * tree are known, the login page (returning here afterwards) without a session, and the login
 * page saying the account cannot open the page when the role or the tree does not open it.
 */
export function RequireAuth({ children, treeUrl, roleGroup }: RequireAuthProps) {
  const location = useLocation();
  const user = useCurrentUser();
  const tree = usePermissionTree();
  useApplyUserPreferences(user.data);

  if (user.isError) return <LoadFailed error={user.error} onRetry={() => void user.refetch()} />;
  if (user.isPending) return <PageLoader />;
  if (!user.data) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  if (tree.isError) return <LoadFailed error={tree.error} onRetry={() => void tree.refetch()} />;
  if (!tree.data) return <PageLoader />;
  const allowed = (!roleGroup || isInRoleGroup(user.data, roleGroup)) && (treeUrl === null || canAccess(tree.data, treeUrl ?? location.pathname));
  if (!allowed) return <Navigate to={accessDeniedLoginPath(`${location.pathname}${location.search}`, Boolean(user.data.role))} replace />;
  return children ?? <Outlet />;
}
