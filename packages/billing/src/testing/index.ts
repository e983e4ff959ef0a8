export {
  fakeBillingApiLoader,
  fakeSubscription,
  fakeTransactions,
  installFakeBillingApi,
  loadedBillingApi,
  type FakeBillingApi,
  type FakeBillingApiOptions,
  type FakeBillingOperation,
  type FakeBillingRequest,
} from './fake-billing-api';
// One set of story helpers for every feature.
export { findLoadedTable, languageLoader, tableRowOf, withAdminProviders } from '@portal/auth/testing';
export {
  ALL_CATALOGUE_PERMISSIONS,
  fakeCatalogue,
  fakeCatalogueApiLoader,
  fakePlan,
  fakeProduct,
  installFakeCatalogueApi,
  loadedCatalogueApi,
  type FakeCatalogueApi,
  type FakeCatalogueApiOptions,
  type FakeCatalogueOperation,
  type FakeCatalogueRequest,
} from './fake-catalogue-api';
export { withCatalogueRouter } from './catalogue-story-helpers';
export {
  fakeInvoices,
  fakeInvoicesApiLoader,
  installFakeInvoicesApi,
  loadedInvoicesApi,
  type FakeInvoicesApi,
  type FakeInvoicesApiOptions,
  type FakeInvoicesOperation,
  type FakeInvoicesRequest,
} from './fake-invoices-api';
export {
  fakeBillingSubscription,
  fakeSubscriptionsApiLoader,
  fakePlanUsage,
  installFakeSubscriptionsApi,
  loadedSubscriptionsApi,
  type FakeSubscriptionsApi,
  type FakeSubscriptionsApiOptions,
  type FakeSubscriptionsOperation,
  type FakeSubscriptionsRequest,
} from './fake-subscriptions-api';
export { catalogueRowOf, deletesAfterAsking, expectCatalogueFailure, translatedCatalogueList } from './catalogue-list-stories';
export { fakePurchaseApiLoader, fakePurchaseQuote, installFakePurchaseApi, loadedPurchaseApi, type FakePurchaseApi, type FakePurchaseApiOptions } from './fake-purchase-api';
