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
export {
  FAKE_WEBHOOK_SECRETS,
  fakeWebhookDelivery,
  fakeWebhookEndpoint,
  fakeWebhooksApiLoader,
  installFakeWebhooksApi,
  loadedWebhooksApi,
  type FakeWebhooksApi,
  type FakeWebhooksApiOptions,
  type FakeWebhooksOperation,
  type FakeWebhooksRequest,
} from './fake-webhooks-api';
// One set of story helpers for every feature.
export { languageLoader, withAdminProviders } from '@portal/auth/testing';
