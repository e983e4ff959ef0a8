export { AuthTestFrame, createTestQueryClient, LocationDisplay } from './auth-test-frame';
export type { AuthTestFrameProps } from './auth-test-frame';
export { createFakeFetch, installFakeApi, json, noContent, problem } from './fake-api';
export type { FakeFetch, FakeHandler, FakeReply, FakeRoutes } from './fake-api';
export { fakeCurrentUser, fakeNavNodes, fakePermissionTree, fakeTenantInfo } from './fixtures';
export { languageLoader, withAdminProviders } from './story-providers';
export { preloadRoutes, signInAbleApi, visitRoutes } from './visit-routes';
export { findLoadedTable, tableRowOf, type Within } from './table-story-helpers';
export { withStoryRouter } from './story-router';
