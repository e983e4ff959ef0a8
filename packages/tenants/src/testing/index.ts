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
export { createTestQueryClient, renderWithUsersApi, UsersTestProviders, type UsersTestProvidersProps } from './users-test-providers';
