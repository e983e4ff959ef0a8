export {
  fakePartnerAppsApiLoader,
  fakeTenantApp,
  installFakePartnerAppsApi,
  loadedPartnerAppsApi,
  type FakePartnerAppsApi,
  type FakePartnerAppsApiOptions,
  type FakePartnerAppsOperation,
  type FakePartnerAppsRequest,
} from './fake-partner-apps-api';
// One set of story helpers for every feature.
export { languageLoader, withAdminProviders } from '@portal/auth/testing';
