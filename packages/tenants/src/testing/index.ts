export {
  ALL_USER_PERMISSIONS,
  createFakeUsersApi,
  fakeRoles,
  fakeTenants,
  fakeUsers,
  installFakeUsersApi,
  type FakeFailure,
  type FakeOperation,
  type FakeUsersApi,
  type FakeUsersApiOptions,
  type RecordedRequest,
} from './fake-users-api';
export { fakeUsersApiLoader, loadedApi, withUsersProviders } from './users-story-helpers';
export { createTestQueryClient } from '@portal/auth/testing';
export { renderWithUsersApi, UsersTestProviders, type UsersTestProvidersProps } from './users-test-providers';
export {
  ALL_CLIENT_PERMISSIONS,
  fakeAdminApiLoader,
  fakeAuditEntry,
  fakeClient,
  installFakeAdminApi,
  loadedAdminApi,
  type FakeAdminApi,
  type FakeAdminApiOptions,
  type FakeAdminOperation,
  type FakeAdminRequest,
} from './fake-admin-api';
export { languageLoader, withAdminProviders } from '@portal/auth/testing';
export {
  FAKE_ADMIN_ROLE_ID,
  FAKE_MEMBER_ROLE_ID,
  FAKE_SECRET,
  fakeDevClient,
  fakeDid,
  fakeNumbersApiLoader,
  installFakeNumbersApi,
  loadedNumbersApi,
  type FakeNumbersApi,
  type FakeNumbersApiOptions,
  type FakeNumbersOperation,
} from './fake-numbers-api';
export {
  ALL_ROLE_PERMISSIONS,
  FAKE_GRANTABLE,
  fakeRole,
  fakeRolesApiLoader,
  installFakeRolesApi,
  loadedRolesApi,
  type FakeRolesApi,
  type FakeRolesApiOptions,
  type FakeRolesOperation,
  type FakeRolesRequest,
} from './fake-roles-api';
export { withRolesRouter } from './roles-story-helpers';
export {
  fakeKubernetesSettings,
  fakeSettingsApiLoader,
  installFakeSettingsApi,
  loadedSettingsApi,
  type FakeSettingsApi,
  type FakeSettingsApiOptions,
  type FakeSettingsRequest,
} from './fake-settings-api';
export {
  FAKE_GENERATED_PASSWORD,
  fakeSmtp,
  fakeSsoProvider,
  fakeSystemTenant,
  fakeTenant,
  fakeTenantDefaults,
  fakeTenantRoles,
  fakeTenantsApiLoader,
  installFakeTenantsApi,
  loadedTenantsApi,
  type FakeTenantsApi,
  type FakeTenantsApiOptions,
  type FakeTenantsOperation,
} from './fake-tenants-api';
export {
  FAKE_IMAGE_URL,
  fakeBrand,
  fakeTenantClient,
  type FakeBrandingOperation,
  type FakeBrandingOptions,
  type FakeBrandOverrides,
  type FakeThemeColors,
  type FakeUpload,
} from './fake-tenant-branding';
export { withMemoryRouter } from './router-story-helpers';
export { findLoadedTable, tableRowOf, type Within } from '@portal/auth/testing';
