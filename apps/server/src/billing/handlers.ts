// HTTP side of billing: the tenant detail's records (subscriptions and payment transactions of the
// caller's tenant, or of any tenant for the platform super administrator), and the billing engine's
// operations (purchase, change, cancel, invoices, manual payment, assignment). Time is the job
// queue's clock, so tests move purchases and cycle ends together.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../kernel/db/types.ts';
import { isUniqueViolation } from '../kernel/db/errors.ts';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { fieldError, notFound, ProblemError } from '../kernel/http/problem.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { isPlatformAdmin, tenantActedOn } from '../kernel/tenancy/platform-admin.ts';
import { tenantDefaultLanguage } from '../tenants/index.ts';
import { invoicePdf, type InvoiceRow, invoiceToApi, payInvoice } from './invoices.ts';
import type { SubscriptionRow } from './subscriptions.ts';
import { listInvoices, listPayments } from './lists.ts';
import { planUsage } from './usage.ts';
import { ProviderUnavailable } from './providers/provider.ts';
import { stripeClient, stripeProvider, stripeSettings } from './providers/stripe.ts';
import { processStripeEvent } from './providers/stripe-webhook.ts';
import { rawBodyOf } from '../kernel/http/raw-body.ts';
import {
  findInvoice,
  invoiceStanding,
  listTenantSubscriptions,
  listTenantTransactions,
  paymentCustomer,
  saveCheckout,
  tenantLanguageSetting,
  voidOpenInvoice,
} from './queries.ts';
import {
  applyChange,
  cancelAtCycleEnd,
  createPurchase,
  deletePending,
  editAssigned,
  editPending,
  listSubscriptions,
  lockedSubscription,
  planChange,
  quotePurchase,
  setAutoRenewal,
  subscriptionToApi,
  tenantName,
  timeZoneOf,
  upgradePending,
} from './subscriptions.ts';
import { present } from '../kernel/db/present.ts';
import { noContent } from '../kernel/http/replies.ts';

const nowOf = (request: FastifyRequest) => request.server.jobs.now();

async function languageOf(request: FastifyRequest, tenantId: string): Promise<InvoiceRow['language']> {
  const defaultLanguage = await request.server.database.withPlatform((tx) => tenantLanguageSetting(tx, tenantId));
  return tenantDefaultLanguage(request.server.database, { defaultLanguage });
}

const unavailable = () => new ProblemError(409, 'payment_unavailable', { detail: 'Card payments are not configured (global configuration, payment provider).' });

/**
 * What an unreachable Stripe leaves of what was committed before checkout: a new purchase is
 * withdrawn (its pending subscription deleted, its invoice voided); a change of an active plan
 * voids its invoice (the plan stays as it was); an upgrade or edit of a pending plan keeps the
 * replaced purchase and its new invoice open for payment (the one it replaced is void already, so
 * withdrawing it would delete the customer's whole pending purchase).
 */
type OnUnreachable = 'withdraw_purchase' | 'void_invoice' | 'keep_open';

/** Sends a card invoice to Stripe's checkout (after the invoice committed); 502 when Stripe cannot be reached (see OnUnreachable). */
async function checkout(request: FastifyRequest, invoice: InvoiceRow, subscription: SubscriptionRow, onUnreachable: OnUnreachable): Promise<string | null> {
  if (invoice.status !== 'open' || invoice.provider !== 'stripe') return null;
  const settings = await stripeSettings(request.server.database, request.server.secrets);
  if (!settings) throw unavailable();
  const { ctx } = request;
  try {
    const tenant = await ctx.db((tx) => paymentCustomer(tx, invoice.tenantId));
    const result = await stripeProvider(settings).startCheckout({
      invoice: { id: invoice.id, number: invoice.number, total: invoice.total, currency: invoice.currency, description: `${subscription.product} ${subscription.plan}` },
      tenant: { id: invoice.tenantId, name: tenant?.name ?? '', customerId: tenant?.customerId ?? null },
      returnUrl: `${ctx.origin}/portal/payment-processing`,
    });
    await ctx.db((tx) => saveCheckout(tx, { invoiceId: invoice.id, tenantId: invoice.tenantId, reference: result.reference, customerId: result.customerId }));
    return result.redirectUrl;
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    if (onUnreachable !== 'keep_open') {
      await ctx.db(async (tx) => {
        // Lock order: the subscription, then its invoices (invoices.ts lockInvoice).
        const sub = await lockedSubscription(tx, invoice.tenantId, subscription.id);
        if (onUnreachable === 'withdraw_purchase' && sub.status === 'pending') await deletePending(tx, sub, scopeOf(request).audit);
        else await voidOpenInvoice(tx, invoice.id);
      });
    }
    throw new ProblemError(502, 'payment_provider_unreachable', { detail: error.message });
  }
}

/**
 * Expires the Stripe checkout sessions of invoices just voided (committed), so the customer can no
 * longer pay them. Best effort: a session completed meanwhile cannot expire, and its payment is
 * recorded to refund when its webhook arrives (invoices.ts payInvoice); a failure is logged.
 */
async function expireCheckouts(request: FastifyRequest, references: readonly string[] | undefined): Promise<void> {
  if (!references?.length) return;
  const settings = await stripeSettings(request.server.database, request.server.secrets);
  if (!settings) return;
  const provider = stripeProvider(settings);
  for (const reference of references) {
    try {
      await provider.expireCheckout?.(reference);
    } catch (error) {
      request.log.warn({ err: error, reference }, 'could not expire the checkout session of a voided invoice');
    }
  }
}

/** The invoice a caller may read: its own tenant's, or any for the platform super administrator. */
async function readableInvoice<T>(request: FastifyRequest, invoiceId: string, fn: (tx: Database, row: InvoiceRow) => Promise<T>): Promise<T> {
  const run = isPlatformAdmin(request) ? request.server.database.withPlatform.bind(request.server.database) : request.ctx.db;
  return run(async (tx) => {
    const row = await findInvoice(tx, invoiceId);
    if (!row) throw notFound();
    return fn(tx, row);
  });
}

async function getTenantTransactions(request: OperationRequest<'getTenantTransactions'>) {
  const tenant = await tenantActedOn(request, request.params.tenantId);
  return tenant.db((tx) => listTenantTransactions(tx, tenant.row.id, request.query));
}

async function getTenantSubscriptions(request: OperationRequest<'getTenantSubscriptions'>) {
  const tenant = await tenantActedOn(request, request.params.tenantId);
  return tenant.db((tx) => listTenantSubscriptions(tx, tenant.row.id, request.query));
}

async function validatePurchaseRequest(request: OperationRequest<'validatePurchaseRequest'>) {
  const scope = scopeOf(request);
  return scope.db(async (tx) => quotePurchase(tx, request.body, nowOf(request), await timeZoneOf(tx, scope.actorUserId)));
}

async function purchasePlan(request: OperationRequest<'purchasePlan'>, reply: FastifyReply) {
  const scope = scopeOf(request);
  const now = nowOf(request);
  if (request.body.provider === 'stripe' && !(await stripeSettings(scope.database, scope.secrets))) throw unavailable();
  const language = await languageOf(request, scope.tenantId);
  const created = await scope.db(async (tx) => createPurchase(tx, scope.tenantId, request.body, now, { timeZone: await timeZoneOf(tx, scope.actorUserId), language, actor: scope.audit, files: request.server.files }));
  const redirectUrl = await checkout(request, created.invoice, created.subscription, 'withdraw_purchase');
  reply.code(201);
  return scope.db(async (tx) => ({ subscription: await subscriptionToApi(tx, created.subscription), invoice: invoiceToApi(created.invoice, request.ctx.tenant.name), redirectUrl }));
}

async function getSubscriptions(request: OperationRequest<'getSubscriptions'>) {
  const scope = scopeOf(request);
  return scope.db((tx) => listSubscriptions(tx, scope.tenantId, request.query));
}

async function getPlanUsage(request: OperationRequest<'getPlanUsage'>) {
  const scope = scopeOf(request);
  return scope.db((tx) => planUsage(tx, scope.tenantId));
}

async function previewPlanChange(request: OperationRequest<'previewPlanChange'>) {
  const scope = scopeOf(request);
  return scope.db(async (tx) => (await planChange(tx, await lockedSubscription(tx, scope.tenantId, request.params.subscriptionId), request.body, nowOf(request))).quote);
}

async function changePlan(request: OperationRequest<'changePlan'>) {
  const scope = scopeOf(request);
  const now = nowOf(request);
  const language = await languageOf(request, scope.tenantId);
  const outcome = await scope.db(async (tx) => applyChange(tx, await lockedSubscription(tx, scope.tenantId, request.params.subscriptionId), request.body, now, { language, actor: scope.audit, userId: scope.actorUserId, files: request.server.files }));
  const redirectUrl = outcome.invoice ? await checkout(request, outcome.invoice, outcome.subscription, 'void_invoice') : null;
  return scope.db(async (tx) => ({ subscription: await subscriptionToApi(tx, outcome.subscription), invoice: outcome.invoice ? invoiceToApi(outcome.invoice, request.ctx.tenant.name) : null, redirectUrl }));
}

async function editPurchasedPlan(request: OperationRequest<'editPurchasedPlan'>) {
  const scope = scopeOf(request);
  const now = nowOf(request);
  const language = await languageOf(request, scope.tenantId);
  const outcome = await scope.db(async (tx) => {
    const sub = await lockedSubscription(tx, scope.tenantId, request.params.subscriptionId);
    // A purchase not paid yet (Pending plans): its licences and bundles replace it, invoice and all.
    if (sub.status === 'pending') return editPending(tx, sub, request.body, now, { language, actor: scope.audit, files: request.server.files });
    if (request.body.bundlePlanIds !== undefined) throw fieldError('bundlePlanIds', 'bundles_need_change_plan', 'The bundles of a paid plan change with Change plan.');
    if (request.body.autoRenewal !== undefined) await setAutoRenewal(tx, sub, request.body.autoRenewal, now, scope.audit);
    if (request.body.licenses !== undefined && request.body.licenses !== sub.licenses) {
      return applyChange(tx, sub, { licenses: request.body.licenses }, now, { language, actor: scope.audit, userId: scope.actorUserId, files: request.server.files });
    }
    return { subscription: await lockedSubscription(tx, scope.tenantId, sub.id), invoice: null };
  });
  await expireCheckouts(request, outcome.voidedCheckouts);
  const redirectUrl = outcome.invoice ? await checkout(request, outcome.invoice, outcome.subscription, outcome.subscription.status === 'pending' ? 'keep_open' : 'void_invoice') : null;
  return scope.db(async (tx) => ({ subscription: await subscriptionToApi(tx, outcome.subscription), invoice: outcome.invoice ? invoiceToApi(outcome.invoice, request.ctx.tenant.name) : null, redirectUrl }));
}

async function upgradePendingPlan(request: OperationRequest<'upgradePendingPlan'>) {
  const scope = scopeOf(request);
  const now = nowOf(request);
  const language = await languageOf(request, scope.tenantId);
  const upgraded = await scope.db(async (tx) => upgradePending(tx, await lockedSubscription(tx, scope.tenantId, request.params.subscriptionId), request.body, now, { language, actor: scope.audit, files: request.server.files }));
  await expireCheckouts(request, upgraded.voidedCheckouts);
  const redirectUrl = await checkout(request, upgraded.invoice, upgraded.subscription, 'keep_open');
  return scope.db(async (tx) => ({ subscription: await subscriptionToApi(tx, upgraded.subscription), invoice: invoiceToApi(upgraded.invoice, request.ctx.tenant.name), redirectUrl }));
}

async function cancelPlan(request: OperationRequest<'cancelPlan'>) {
  const scope = scopeOf(request);
  return scope.db(async (tx) => subscriptionToApi(tx, await cancelAtCycleEnd(tx, await lockedSubscription(tx, scope.tenantId, request.params.subscriptionId), nowOf(request), { actor: scope.audit, userId: scope.actorUserId })));
}

async function deleteSubscription(request: OperationRequest<'deleteSubscription'>, reply: FastifyReply) {
  const scope = scopeOf(request);
  const voided = await scope.db(async (tx) => deletePending(tx, await lockedSubscription(tx, scope.tenantId, request.params.subscriptionId), scope.audit));
  await expireCheckouts(request, voided);
  return noContent(reply);
}

async function getInvoices(request: OperationRequest<'getInvoices'>) {
  const { tenantId, ...query } = request.query;
  if (tenantId === undefined && isPlatformAdmin(request)) return request.server.database.withPlatform((tx) => listInvoices(tx, null, query));
  const tenant = await tenantActedOn(request, tenantId);
  return tenant.db((tx) => listInvoices(tx, tenant.row.id, query));
}

async function getPayments(request: OperationRequest<'getPayments'>) {
  const { tenantId, ...query } = request.query;
  const tenant = await tenantActedOn(request, tenantId);
  return tenant.db((tx) => listPayments(tx, tenant.row.id, query));
}

async function downloadInvoice(request: OperationRequest<'downloadInvoice'>, reply: FastifyReply) {
  const { bytes, number } = await readableInvoice(request, request.params.invoiceId, async (tx, row) => ({ bytes: await invoicePdf(tx, request.server.files, row, 'invoice'), number: row.number }));
  reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${number}.pdf"`).header('cache-control', 'private, no-cache');
  return bytes;
}

async function downloadReceipt(request: OperationRequest<'downloadReceipt'>, reply: FastifyReply) {
  const { bytes, number } = await readableInvoice(request, request.params.invoiceId, async (tx, row) => ({ bytes: await invoicePdf(tx, request.server.files, row, 'receipt'), number: row.number }));
  reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${number}-receipt.pdf"`).header('cache-control', 'private, no-cache');
  return bytes;
}

async function manuelPay(request: OperationRequest<'manuelPay'>) {
  const scope = scopeOf(request);
  const now = nowOf(request);
  const found = await scope.database.withPlatform((tx) => invoiceStanding(tx, request.params.invoiceId));
  if (!found) throw notFound();
  // A transfer for a voided invoice (its purchase replaced or withdrawn) is recorded to refund.
  if (found.status !== 'open' && found.status !== 'void') throw new ProblemError(409, 'invoice_not_open', { detail: `The invoice is ${found.status}.` });
  const actor = found.tenantId === scope.tenantId ? scope.audit : await scope.actorIn(found.tenantId);
  const body = request.body ?? {};
  try {
    return await scope.database.withTenant(found.tenantId, async (tx) => {
      const paid = await payInvoice(tx, request.params.invoiceId, { mode: 'bank_transfer', reference: body.reference ?? `bt_${found.number}`, remarks: body.remarks ?? `Bank transfer for ${found.number}` }, now, actor);
      if (paid === 'not_open') throw new ProblemError(409, 'invoice_not_open', { detail: 'The invoice was paid meanwhile.' });
      const row = present(await findInvoice(tx, request.params.invoiceId), 'row');
      return invoiceToApi(row, await tenantName(tx, found.tenantId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProblemError(409, 'reference_exists', { detail: 'A payment with this reference is already recorded.' });
    throw error;
  }
}

/**
 * Pay of Current plans: how to pay an open invoice of the caller's tenant. A card invoice gets the
 * provider's checkout (Stripe answers the session still open for it, its idempotency key being
 * the invoice's, or a new one once that expired); a bank-transfer one is answered to quote.
 * Nothing is paid here, and an unreachable provider leaves the invoice open.
 */
async function payInvoiceHandler(request: OperationRequest<'payInvoice'>) {
  const scope = scopeOf(request);
  const { invoice, subscription } = await scope.db(async (tx) => {
    const row = await findInvoice(tx, request.params.invoiceId);
    if (!row || row.tenantId !== scope.tenantId) throw notFound();
    if (row.status !== 'open') throw new ProblemError(409, 'invoice_not_open', { detail: `The invoice is ${row.status}.` });
    return { invoice: row, subscription: row.subscriptionId ? await lockedSubscription(tx, scope.tenantId, row.subscriptionId) : null };
  });
  const redirectUrl = subscription ? await checkout(request, invoice, subscription, 'keep_open') : null;
  return { invoice: invoiceToApi(invoice, request.ctx.tenant.name), redirectUrl };
}

async function receiveStripeEvent(request: OperationRequest<'receiveStripeEvent'>) {
  const settings = await stripeSettings(request.server.database, request.server.secrets);
  if (!settings?.webhookSecret) throw unavailable();
  const signature = request.headers['stripe-signature'];
  const raw = rawBodyOf(request);
  if (typeof signature !== 'string' || raw === undefined) throw new ProblemError(400, 'invalid_signature', { detail: 'Send the Stripe-Signature header with the body Stripe signed.' });
  let event;
  try {
    event = stripeClient(settings.secretKey).webhooks.constructEvent(raw, signature, settings.webhookSecret);
  } catch {
    throw new ProblemError(400, 'invalid_signature', { detail: 'The Stripe signature does not match this body.' });
  }
  return { received: true, outcome: await processStripeEvent(request.server.database, event, nowOf(request)) };
}

async function assignPlan(request: OperationRequest<'assignPlan'>, reply: FastifyReply) {
  const tenant = await tenantActedOn(request, request.params.tenantId);
  const now = nowOf(request);
  const language = await languageOf(request, tenant.row.id);
  const subscription = await tenant.db(async (tx) => {
    const created = await createPurchase(tx, tenant.row.id, { ...request.body, provider: 'manual' }, now, { timeZone: 'UTC', language, actor: tenant.audit, publishedOnly: false, status: 'active', files: request.server.files });
    return subscriptionToApi(tx, created.subscription);
  });
  reply.code(201);
  return subscription;
}

async function editAssignedPlan(request: OperationRequest<'editAssignedPlan'>) {
  const tenant = await tenantActedOn(request, request.params.tenantId);
  return tenant.db(async (tx) => subscriptionToApi(tx, await editAssigned(tx, await lockedSubscription(tx, tenant.row.id, request.params.subscriptionId), request.body, nowOf(request), tenant.audit)));
}

export const billingHandlers = {
  getTenantTransactions,
  getTenantSubscriptions,
  validatePurchaseRequest,
  purchasePlan,
  getSubscriptions,
  getPlanUsage,
  previewPlanChange,
  changePlan,
  editPurchasedPlan,
  upgradePendingPlan,
  cancelPlan,
  deleteSubscription,
  getInvoices,
  getPayments,
  downloadInvoice,
  downloadReceipt,
  manuelPay,
  payInvoice: payInvoiceHandler,
  receiveStripeEvent,
  assignPlan,
  editAssignedPlan,
} satisfies OperationHandlers;
