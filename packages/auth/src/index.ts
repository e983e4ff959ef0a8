export { authKeys } from './api/auth-keys';
export { currentUserQueryOptions, useCurrentUser } from './api/use-current-user';
export type { CurrentUser } from './api/use-current-user';
export { useLogin } from './api/use-login';
export type { LoginCredentials, LoginOutcome } from './api/use-login';
export { useLogout } from './api/use-logout';
export { PERMISSIONS_LOAD_DELAY_MS, permissionTreeQueryOptions, usePermissionTree } from './api/use-permission-tree';
export type { NavNode, PermissionTree } from './api/use-permission-tree';
export { brandingFromTenantInfo, tenantInfoQueryOptions, useTenantInfo } from './api/use-tenant-info';
export type { TenantInfo } from './api/use-tenant-info';
export { useUpdatePassword } from './api/use-update-password';
export type { PasswordGrant, UpdatePasswordInput } from './api/use-update-password';
export { MissingRoutePage, RequireAuth } from './components/require-auth';
export { SignInFirstGate } from './components/sign-in-first-gate';
export { TwoFactorPanel } from './components/two-factor';
export type { SignInFirstGateProps } from './components/sign-in-first-gate';
export { renderRouterLink } from './components/render-router-link';
export type { RequireAuthProps } from './components/require-auth';
export { useApplyTenantLanguage } from './hooks/use-apply-tenant-language';
export { useCan } from './hooks/use-can';
export { useRole } from './hooks/use-role';
export { authRoutes } from './routes/auth-routes';
export type { AuthRoutesOptions } from './routes/auth-routes';
export { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS, useSessionStore } from './stores/session-store';
export type {
  GoogleAddOnRequest,
  LoginProvider,
  LoginStatus,
  SessionFlag,
  SessionFlags,
  SessionState,
  SessionUserInfo,
  SlackAuthorizationRequest,
} from './stores/session-store';
export { canAccess, normalizeRoutePath } from './utils/can-access';
export { clearStorageExceptLanguage } from './utils/clear-storage';
export { LANDING_PATH, LOGIN_PATH, loginPathFor, postLoginRedirect, RESET_PASSWORD_PATH, safeRedirectPath } from './utils/post-login-redirect';
export type { SignInFlowPaths } from './utils/post-login-redirect';
export { isInRoleGroup, roleGroups } from './utils/role-groups';
export type { RoleGroup } from './utils/role-groups';
