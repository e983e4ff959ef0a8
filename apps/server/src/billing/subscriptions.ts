// The tenant's side of billing (spec 'Plan purchase', Current plans, Pending plans): quotes and
// purchases priced by the server, changes prorated to the second, cancellation at the cycle end,
// and the platform super administrator's assignment. A subscription becomes active only when its
// invoice is paid (invoices.ts payInvoice), never because the browser came back.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditActor } from '../kernel/audit/record.ts';
import { recordAudit } from '../kernel/audit/record.ts';
import { billingChanges, type InvoiceEffect, invoices, planPrices, plans, products, subscriptions, tenants, users } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { FileStore } from '../kernel/files/index.ts';
import { microsecondKey, newestFirstPage, olderThan, timeKeyOfCursor } from '../kernel/db/keyset.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { fieldError, notFound, ProblemError } from '../kernel/http/problem.ts';
import { type BillingCycle, period, periodAt } from './engine/cycles.ts';
import { periodAmount, quoteChange, type InvoiceLine } from './engine/proration.ts';
import { invoiceTotals } from './engine/totals.ts';
import { type InvoiceRow, invoiceToApi, issueInvoice, payInvoice } from './invoices.ts';
import { syncSeatLimit } from './seats.ts';
import { emitSubscriptionChanged } from '../webhooks/index.ts';
import { present } from '../kernel/db/present.ts';
import { renewalOf } from './queries.ts';
import { bundleLabel, keptBundles, perLicence, resolveBundles, type SubscriptionBundle } from './bundles.ts';

export type Cycle = 'monthly' | 'yearly';
type Language = InvoiceRow['language'];

export type PlanPrice = { planId: string; plan: string; product: string; unitAmount: number; minUsers: number; maxUsers: number };

/** The plan's price per licence in `currency` and `cycle`; 404 for a plan the caller may not buy, 409 without such a price. */
export async function planPrice(tx: Database, planId: string, currency: string, cycle: Cycle, options: { publishedOnly: boolean }): Promise<PlanPrice> {
  const [row] = await tx
    .select({ id: plans.id, name: plans.name, published: plans.published, disabled: plans.disabled, minUsers: plans.minUsers, maxUsers: plans.maxUsers, product: products.name, productDisabled: products.disabled })
    .from(plans)
    .innerJoin(products, eq(products.id, plans.productId))
    .where(eq(plans.id, planId));
  if (!row || row.disabled || row.productDisabled || (options.publishedOnly && !row.published)) throw notFound();
  const [price] = await tx
    .select({ amount: planPrices.amount })
    .from(planPrices)
    .where(and(eq(planPrices.planId, planId), eq(planPrices.currency, currency), eq(planPrices.billingCycle, cycle)));
  if (!price) throw new ProblemError(409, 'price_unavailable', { detail: `The plan has no ${cycle} price in ${currency}.` });
  return { planId: row.id, plan: row.name, product: row.product, unitAmount: price.amount, minUsers: row.minUsers, maxUsers: row.maxUsers };
}

function checkLicenses(price: PlanPrice, licenses: number): void {
  if (licenses < price.minUsers || licenses > price.maxUsers) throw fieldError('licenses', 'invalid_licenses', `This plan takes ${price.minUsers} to ${price.maxUsers} licences.`);
}

export type PurchaseInput = Schemas['PurchaseRequest'];

/** One line for the plan and one per bundle, each its price per licence times the licences. */
export function cycleLines(plan: { product: string; plan: string; unitAmount: number }, bundles: readonly SubscriptionBundle[], licenses: number, cycle: Cycle, start: Date, end: Date, kind: InvoiceLine['kind'] = 'subscription'): InvoiceLine[] {
  const line = (description: string, unitAmount: number): InvoiceLine => ({
    kind,
    description,
    quantity: licenses,
    unitAmount,
    amount: periodAmount({ unitAmount, quantity: licenses, currency: 'XXX', cycle }),
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
  });
  return [line(`${plan.product} ${plan.plan} (${cycle})`, plan.unitAmount), ...bundles.map((bundle) => line(bundleLabel(bundle, cycle), bundle.unitAmount))];
}

export async function quotePurchase(tx: Database, input: PurchaseInput, now: Date, timeZone: string, options = { publishedOnly: true }): Promise<Schemas['PurchaseQuote']> {
  const price = await planPrice(tx, input.planId, input.currency, input.billingCycle, options);
  checkLicenses(price, input.licenses);
  const bundles = await resolveBundles(tx, price.planId, input.bundlePlanIds ?? [], input.currency, input.billingCycle);
  const first = period({ at: now, timeZone }, input.billingCycle, 0);
  const lines = cycleLines(price, bundles, input.licenses, input.billingCycle, first.start, first.end);
  const totals = invoiceTotals(lines, { currency: input.currency });
  return {
    planId: price.planId,
    plan: price.plan,
    product: price.product,
    licenses: input.licenses,
    billingCycle: input.billingCycle,
    currency: input.currency,
    unitAmount: price.unitAmount,
    bundles,
    periodStart: first.start.toISOString(),
    periodEnd: first.end.toISOString(),
    lines,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
  };
}

/** The caller's time zone (cycles are anchored in it), else UTC. */
export async function timeZoneOf(tx: Database, userId: string | null): Promise<string> {
  if (!userId) return 'UTC';
  const [row] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  const zone = row?.timeZone;
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export type CreatedPurchase = { subscription: SubscriptionRow; invoice: InvoiceRow; voidedCheckouts?: string[] };

/** The provider checkout sessions of invoices just voided (Stripe: `cs_…`), to expire once the void committed. */
const checkoutsOf = (voided: readonly InvoiceRow[]): string[] => voided.flatMap((invoice) => (invoice.provider === 'stripe' && invoice.providerReference?.startsWith('cs_') ? [invoice.providerReference] : []));

/** The purchase, pending with its open invoice (in the caller's transaction); audited. */
export async function createPurchase(tx: Database, tenantId: string, input: PurchaseInput, now: Date, context: { timeZone: string; language: Language; actor: AuditActor; publishedOnly?: boolean; status?: 'pending' | 'active'; files: FileStore }): Promise<CreatedPurchase> {
  const quote = await quotePurchase(tx, input, now, context.timeZone, { publishedOnly: context.publishedOnly ?? true });
  const active = context.status === 'active';
  const first = period({ at: now, timeZone: context.timeZone }, input.billingCycle, 0);
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      tenantId,
      planId: quote.planId,
      product: quote.product,
      plan: quote.plan,
      licenses: input.licenses,
      billingCycle: input.billingCycle,
      status: active ? 'active' : 'pending',
      autoRenewal: input.autoRenewal ?? true,
      effectiveDate: now,
      nextInvoiceDate: active ? first.end : null,
      nextInvoiceAmount: quote.total,
      currency: input.currency,
      unitAmount: quote.unitAmount,
      bundles: quote.bundles,
      anchorAt: active ? now : null,
      timeZone: context.timeZone,
      currentPeriodStart: active ? first.start : null,
      currentPeriodEnd: active ? first.end : null,
      provider: input.provider ?? 'manual',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const invoice = await issueInvoice(tx, {
    tenantId,
    subscription: present(subscription, 'subscription'),
    purpose: 'purchase',
    effect: active ? { kind: 'renew', periodIndex: 0 } : { kind: 'activate' },
    lines: quote.lines,
    now,
    periodStart: new Date(quote.periodStart),
    periodEnd: new Date(quote.periodEnd),
    language: context.language,
    files: context.files,
  });
  await recordAudit(tx, context.actor, { action: 'create', entity: 'subscription', entityId: present(subscription, 'subscription').id, after: { plan: quote.plan, bundles: quote.bundles.map((bundle) => bundle.plan), licenses: input.licenses, billingCycle: input.billingCycle, currency: input.currency, status: present(subscription, 'subscription').status, invoice: invoice.number, total: invoice.total } });
  if (active) await syncSeatLimit(tx, tenantId);
  await emitSubscriptionChanged(tx, tenantId, present(subscription, 'subscription').id, 'purchased', now);
  if (invoice.total === 0) await payInvoice(tx, invoice.id, null, now, context.actor);
  const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, present(subscription, 'subscription').id));
  const [paid] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
  return { subscription: present(fresh, 'fresh'), invoice: present(paid, 'paid') };
}

// ---- reading --------------------------------------------------------------------------------

export async function subscriptionsToApi(tx: Database, rows: SubscriptionRow[]): Promise<Schemas['Subscription'][]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const changes = await tx.select().from(billingChanges).where(and(inArray(billingChanges.subscriptionId, ids), eq(billingChanges.status, 'scheduled')));
  const open = await tx.select({ id: invoices.id, subscriptionId: invoices.subscriptionId }).from(invoices).where(and(inArray(invoices.subscriptionId, ids), eq(invoices.status, 'open'))).orderBy(desc(invoices.issuedAt));
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenantId,
    planId: row.planId,
    product: row.product,
    plan: row.plan,
    licenses: row.licenses,
    billingCycle: row.billingCycle,
    status: row.status,
    autoRenewal: row.autoRenewal,
    currency: row.currency,
    unitAmount: row.unitAmount,
    bundles: row.bundles,
    effectiveDate: row.effectiveDate.toISOString(),
    currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    nextInvoiceDate: renewalOf(row).nextInvoiceDate,
    nextInvoiceAmount: renewalOf(row).nextInvoiceAmount,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    provider: row.provider,
    creditBalance: row.creditBalance,
    pendingChanges: changes.filter((change) => change.subscriptionId === row.id).map((change) => ({ id: change.id, kind: change.kind, licenses: change.licenses, effectiveAt: change.effectiveAt.toISOString() })),
    openInvoiceId: open.find((invoice) => invoice.subscriptionId === row.id)?.id ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function subscriptionToApi(tx: Database, row: SubscriptionRow): Promise<Schemas['Subscription']> {
  return present((await subscriptionsToApi(tx, [row]))[0], '(await subscriptionsToApi(tx, [row]))[0]');
}

export async function listSubscriptions(tx: Database, tenantId: string, query: { state?: 'current' | 'pending' | 'all' | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<Schemas['SubscriptionPage']> {
  const limit = query.limit ?? 25;
  const conditions: SQL[] = [eq(subscriptions.tenantId, tenantId)];
  if (query.state === 'current') conditions.push(inArray(subscriptions.status, ['active', 'past_due']));
  if (query.state === 'pending') {
    conditions.push(
      sql`(${subscriptions.status} = 'pending' or exists (select 1 from ${billingChanges} where ${billingChanges.subscriptionId} = ${subscriptions.id} and ${billingChanges.status} = 'scheduled'))`,
    );
  }
  if (query.cursor) conditions.push(olderThan(subscriptions.createdAt, subscriptions.id, timeKeyOfCursor(query.cursor)));
  const rows = await tx
    .select({ row: subscriptions, id: subscriptions.id, at: microsecondKey(subscriptions.createdAt) })
    .from(subscriptions)
    .where(and(...conditions))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit + 1);
  const { page, nextCursor } = newestFirstPage(rows, limit);
  return { items: await subscriptionsToApi(tx, page.map(({ row }) => row)), nextCursor };
}

export async function lockedSubscription(tx: Database, tenantId: string, id: string): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.tenantId, tenantId))).for('update');
  if (!row) throw notFound();
  return row;
}

// ---- changing -------------------------------------------------------------------------------

export type ChangeInput = { planId?: string | undefined; billingCycle?: Cycle | undefined; licenses?: number | undefined; bundlePlanIds?: string[] | undefined };

const sameBundleList = (a: readonly SubscriptionBundle[], b: readonly SubscriptionBundle[]) => a.length === b.length && a.every((bundle, i) => bundle.planId === b[i]?.planId && bundle.unitAmount === b[i]?.unitAmount);

const withBundles = (name: string, bundles: readonly SubscriptionBundle[]) => [name, ...bundles.map((bundle) => bundle.plan)].join(' + ');

type PlannedChange = {
  quote: Schemas['ChangeQuote'];
  /** What paying the change's invoice applies (immediate changes). */
  effect: Extract<InvoiceEffect, { kind: 'change' }> | null;
  /** Fewer licences from the cycle end (no charge now). */
  scheduledLicenses: number | null;
  lines: InvoiceLine[];
};

const planUnavailable = () => new ProblemError(409, 'plan_unavailable', { detail: 'The plan of this subscription no longer exists: choose another plan.' });

function requireRunning(sub: SubscriptionRow): asserts sub is SubscriptionRow & { currentPeriodStart: Date; currentPeriodEnd: Date; anchorAt: Date } {
  if ((sub.status !== 'active' && sub.status !== 'past_due') || !sub.currentPeriodStart || !sub.currentPeriodEnd || !sub.anchorAt) {
    throw new ProblemError(409, 'subscription_not_active', { detail: 'Only an active subscription changes.' });
  }
}

/** Plans the change at `now`: its quote, and either an immediate prorated invoice or a licence change at the cycle end. */
export async function planChange(tx: Database, sub: SubscriptionRow, input: ChangeInput, now: Date): Promise<PlannedChange> {
  requireRunning(sub);
  const cycle = input.billingCycle ?? sub.billingCycle;
  const licenses = input.licenses ?? sub.licenses;
  const samePlan = (input.planId ?? sub.planId) === sub.planId && cycle === sub.billingCycle;
  const price = samePlan && sub.planId === null ? null : await planPrice(tx, input.planId ?? present(sub.planId, 'sub.planId'), sub.currency, cycle, { publishedOnly: false });
  if (price) checkLicenses(price, licenses);
  const unitAmount = samePlan ? sub.unitAmount : present(price, 'price').unitAmount;
  // Bundles: those named, else the current ones (kept as bought on the same plan, else those the new plan still offers).
  // Bundles are offered by a plan: with the subscription's plan deleted, none can be named for it.
  if (input.bundlePlanIds && !price) throw planUnavailable();
  const bundles = input.bundlePlanIds
    ? await resolveBundles(tx, present(price, 'the plan of a change naming bundles').planId, input.bundlePlanIds, sub.currency, cycle)
    : samePlan
      ? sub.bundles
      : await keptBundles(tx, sub.bundles, present(price, 'price').planId, sub.currency, cycle);
  const sameBundles = sameBundleList(bundles, sub.bundles);
  const current = { index: 0, start: sub.currentPeriodStart, end: sub.currentPeriodEnd };
  const from = { unitAmount: perLicence(sub.unitAmount, sub.bundles), quantity: sub.licenses, currency: sub.currency, cycle: sub.billingCycle };
  const to = { unitAmount: perLicence(unitAmount, bundles), quantity: licenses, currency: sub.currency, cycle };
  const base = { currency: sub.currency, remainingSeconds: 0, periodSeconds: Math.round((current.end.getTime() - current.start.getTime()) / 1000), credit: 0, charge: 0, net: 0 };
  // Fewer licences on the same plan: from the cycle end, nothing to pay or credit now.
  if (samePlan && sameBundles && licenses < sub.licenses) {
    return {
      quote: { ...base, immediate: false, effectiveAt: current.end.toISOString(), lines: [], total: 0, creditBalance: sub.creditBalance, nextInvoiceAmount: to.unitAmount * licenses },
      effect: null,
      scheduledLicenses: licenses,
      lines: [],
    };
  }
  const quote = quoteChange(from, to, current, now, { from: withBundles(`${sub.product} ${sub.plan}`, sub.bundles), to: withBundles(`${price?.product ?? sub.product} ${price?.plan ?? sub.plan}`, bundles) });
  const totals = invoiceTotals(quote.lines, { currency: sub.currency, creditBalance: sub.creditBalance });
  return {
    quote: {
      currency: sub.currency,
      immediate: true,
      effectiveAt: now.toISOString(),
      remainingSeconds: quote.remainingSeconds,
      periodSeconds: quote.periodSeconds,
      credit: quote.credit,
      charge: quote.charge,
      net: quote.net,
      lines: quote.lines,
      total: totals.total,
      creditBalance: totals.creditBalance,
      nextInvoiceAmount: to.unitAmount * licenses,
    },
    effect: { kind: 'change', planId: price?.planId ?? sub.planId, plan: price?.plan ?? sub.plan, product: price?.product ?? sub.product, licenses, billingCycle: cycle, unitAmount, reanchor: cycle !== sub.billingCycle, bundles },
    scheduledLicenses: null,
    lines: quote.lines,
  };
}

export type ChangeOutcome = { subscription: SubscriptionRow; invoice: InvoiceRow | null; voidedCheckouts?: string[] };

/** Applies a planned change: a scheduled licence change, or an invoice whose payment applies it (at once when nothing is owed). */
export async function applyChange(tx: Database, sub: SubscriptionRow, input: ChangeInput, now: Date, context: { language: Language; actor: AuditActor; userId: string | null; files: FileStore }): Promise<ChangeOutcome> {
  const planned = await planChange(tx, sub, input, now);
  let invoice: InvoiceRow | null = null;
  if (planned.scheduledLicenses !== null) {
    await tx.update(billingChanges).set({ status: 'withdrawn' }).where(and(eq(billingChanges.subscriptionId, sub.id), eq(billingChanges.kind, 'licenses'), eq(billingChanges.status, 'scheduled')));
    await tx.insert(billingChanges).values({ tenantId: sub.tenantId, subscriptionId: sub.id, kind: 'licenses', licenses: planned.scheduledLicenses, effectiveAt: present(sub.currentPeriodEnd, 'sub.currentPeriodEnd'), createdBy: context.userId, createdAt: now });
    await tx.update(subscriptions).set({ nextInvoiceAmount: planned.quote.nextInvoiceAmount, updatedAt: now }).where(eq(subscriptions.id, sub.id));
    await emitSubscriptionChanged(tx, sub.tenantId, sub.id, 'licenses_scheduled', now);
  } else if (planned.effect) {
    invoice = await issueInvoice(tx, { tenantId: sub.tenantId, subscription: sub, purpose: 'change', effect: planned.effect, lines: planned.lines, now, periodStart: now, periodEnd: planned.effect.reanchor ? null : sub.currentPeriodEnd, language: context.language, files: context.files });
    if (invoice.total === 0) await payInvoice(tx, invoice.id, null, now, context.actor);
  }
  await recordAudit(tx, context.actor, { action: 'update', entity: 'subscription', entityId: sub.id, before: { planId: sub.planId, licenses: sub.licenses, billingCycle: sub.billingCycle }, after: { ...input, immediate: planned.quote.immediate, invoice: invoice?.number ?? null, total: planned.quote.total } });
  const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  const [paid] = invoice ? await tx.select().from(invoices).where(eq(invoices.id, invoice.id)) : [null];
  return { subscription: present(fresh, 'fresh'), invoice: paid ?? null };
}

export async function setAutoRenewal(tx: Database, sub: SubscriptionRow, autoRenewal: boolean, now: Date, actor: AuditActor): Promise<void> {
  if (sub.autoRenewal === autoRenewal) return;
  await tx.update(subscriptions).set({ autoRenewal, updatedAt: now }).where(eq(subscriptions.id, sub.id));
  await recordAudit(tx, actor, { action: 'update', entity: 'subscription', entityId: sub.id, before: { autoRenewal: sub.autoRenewal }, after: { autoRenewal } });
  await emitSubscriptionChanged(tx, sub.tenantId, sub.id, 'auto_renewal', now);
}

/** Cancels at the end of the billing cycle: the subscription runs until `current_period_end`, then ends (jobs.ts). */
export async function cancelAtCycleEnd(tx: Database, sub: SubscriptionRow, now: Date, context: { actor: AuditActor; userId: string | null }): Promise<SubscriptionRow> {
  requireRunning(sub);
  if (sub.cancelAtPeriodEnd) return sub;
  await tx.update(subscriptions).set({ cancelAtPeriodEnd: true, updatedAt: now }).where(eq(subscriptions.id, sub.id));
  await tx.insert(billingChanges).values({ tenantId: sub.tenantId, subscriptionId: sub.id, kind: 'cancel', effectiveAt: sub.currentPeriodEnd, createdBy: context.userId, createdAt: now });
  await recordAudit(tx, context.actor, { action: 'update', entity: 'subscription', entityId: sub.id, before: { cancelAtPeriodEnd: false }, after: { cancelAtPeriodEnd: true, endsAt: sub.currentPeriodEnd.toISOString() } });
  await emitSubscriptionChanged(tx, sub.tenantId, sub.id, 'cancel_scheduled', now);
  const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  return present(fresh, 'fresh');
}

/** Withdraws a purchase never paid: its open invoices are voided (numbers stay used), the subscription goes. Answers the voided invoices' checkout sessions (to expire). */
export async function deletePending(tx: Database, sub: SubscriptionRow, actor: AuditActor): Promise<string[]> {
  if (sub.status !== 'pending') throw new ProblemError(409, 'subscription_paid', { detail: 'A paid subscription is cancelled at the end of its cycle instead.' });
  const voided = await tx.update(invoices).set({ status: 'void' }).where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open'))).returning();
  await tx.delete(subscriptions).where(eq(subscriptions.id, sub.id));
  await recordAudit(tx, actor, { action: 'delete', entity: 'subscription', entityId: sub.id, before: { plan: sub.plan, licenses: sub.licenses, status: sub.status } });
  await emitSubscriptionChanged(tx, sub.tenantId, sub.id, 'withdrawn', new Date());
  return checkoutsOf(voided);
}

export type UpgradeInput = { planId?: string | undefined; licenses?: number | undefined; bundlePlanIds?: string[] | undefined };

const notAnUpgrade = (field: 'planId' | 'licenses', message: string) => fieldError(field, 'not_an_upgrade', message);

/**
 * Upgrade of a purchase still waiting for its payment (spec Pending plans, Upgrade): a plan of the
 * same product at no lower price per licence in the same currency and cycle, no fewer licences,
 * and more to pay in all (a higher plan, more licences or more bundles). It replaces the pending
 * purchase: the open invoice is voided (its number stays used, its credit returns) and a new one
 * issued, so one subscription never has two invoices waiting. Audited.
 */
export async function upgradePending(tx: Database, sub: SubscriptionRow, input: UpgradeInput, now: Date, context: { language: Language; actor: AuditActor; files: FileStore }): Promise<CreatedPurchase> {
  if (sub.status !== 'pending') throw new ProblemError(409, 'subscription_not_pending', { detail: 'Only a purchase waiting for its payment is upgraded; an active plan changes with changePlan.' });
  if (!sub.planId) throw new ProblemError(409, 'plan_unavailable', { detail: 'The plan of this purchase no longer exists; cancel it and purchase another.' });
  const planId = input.planId ?? sub.planId;
  const licenses = input.licenses ?? sub.licenses;
  const productOf = await tx.select({ id: plans.id, productId: plans.productId }).from(plans).where(inArray(plans.id, [sub.planId, planId]));
  const currentProduct = productOf.find((row) => row.id === sub.planId)?.productId;
  const price = await planPrice(tx, planId, sub.currency, sub.billingCycle, { publishedOnly: true });
  if (productOf.find((row) => row.id === planId)?.productId !== currentProduct) throw notAnUpgrade('planId', `An upgrade keeps the product (${sub.product}).`);
  if (price.unitAmount < sub.unitAmount) throw notAnUpgrade('planId', 'This plan costs less than the pending one.');
  if (licenses < sub.licenses) throw notAnUpgrade('licenses', `An upgrade keeps at least ${sub.licenses} licences.`);
  checkLicenses(price, licenses);
  const bundles = input.bundlePlanIds ? await resolveBundles(tx, planId, input.bundlePlanIds, sub.currency, sub.billingCycle) : await keptBundles(tx, sub.bundles, planId, sub.currency, sub.billingCycle);
  if (perLicence(price.unitAmount, bundles) * licenses <= perLicence(sub.unitAmount, sub.bundles) * sub.licenses) throw notAnUpgrade('planId', 'An upgrade costs more than the pending purchase: a higher plan, more licences or more bundles.');
  return replacePending(tx, sub, price, licenses, bundles, now, { ...context, event: 'upgraded' });
}

/**
 * Replaces a purchase still waiting for its payment by the same purchase priced anew (`licenses` of
 * `price` with `bundles`): the open invoice is voided (its number stays used, its credit returns)
 * and a new one issued for the first cycle, so one subscription never has two invoices waiting.
 * Nothing was paid, so nothing is prorated. Audited.
 */
async function replacePending(tx: Database, sub: SubscriptionRow, price: PlanPrice, licenses: number, bundles: SubscriptionBundle[], now: Date, context: { language: Language; actor: AuditActor; files: FileStore; event: 'upgraded' | 'edited' }): Promise<CreatedPurchase> {
  // The purchase's invoice waiting for payment goes (void, its number kept). Lock order: the
  // subscription (locked by the caller), then its invoices, as payInvoice does (invoices.ts
  // lockInvoice). A payment that got the subscription first wins (the purchase is active and this
  // caller sees it after its lock); one arriving after the void is recorded to refund.
  const open = await tx.select().from(invoices).where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, 'open'))).for('update');
  const returnedCredit = open.reduce((sum, invoice) => sum + invoice.creditApplied, 0);
  if (open.length > 0) await tx.update(invoices).set({ status: 'void' }).where(inArray(invoices.id, open.map((invoice) => invoice.id)));
  const first = period({ at: now, timeZone: sub.timeZone }, sub.billingCycle, 0);
  const lines = cycleLines(price, bundles, licenses, sub.billingCycle, first.start, first.end);
  const [updated] = await tx
    .update(subscriptions)
    .set({ planId: price.planId, plan: price.plan, product: price.product, licenses, unitAmount: price.unitAmount, bundles, nextInvoiceAmount: invoiceTotals(lines, { currency: sub.currency }).total, creditBalance: sub.creditBalance + returnedCredit, updatedAt: now })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  const invoice = await issueInvoice(tx, { tenantId: sub.tenantId, subscription: present(updated, 'updated'), purpose: 'purchase', effect: { kind: 'activate' }, lines, now, periodStart: first.start, periodEnd: first.end, language: context.language, files: context.files });
  await recordAudit(tx, context.actor, {
    action: 'update',
    entity: 'subscription',
    entityId: sub.id,
    before: { plan: sub.plan, licenses: sub.licenses, bundles: sub.bundles.map((bundle) => bundle.plan), invoices: open.map((row) => row.number) },
    after: { plan: price.plan, licenses, bundles: bundles.map((bundle) => bundle.plan), invoice: invoice.number, total: invoice.total, voided: open.map((row) => row.number) },
  });
  await emitSubscriptionChanged(tx, sub.tenantId, sub.id, context.event, now);
  if (invoice.total === 0) await payInvoice(tx, invoice.id, null, now, context.actor);
  const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  const [issued] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
  return { subscription: present(fresh, 'fresh'), invoice: present(issued, 'issued'), voidedCheckouts: checkoutsOf(open) };
}

export type PendingEditInput = { licenses?: number | undefined; autoRenewal?: boolean | undefined; bundlePlanIds?: string[] | undefined };

/**
 * Edit plan of a purchase still waiting for its payment (spec Pending plans, Edit Plan): the same
 * plan with other licences (within the plan's users) or bundles (those the plan links), and auto
 * renewal. New licences or bundles replace the purchase as an upgrade does (its invoice voided, a
 * new one issued with the new total, nothing prorated); auto renewal alone issues nothing. Audited.
 * Returns the new invoice, or null when only auto renewal changed.
 */
export async function editPending(tx: Database, sub: SubscriptionRow, input: PendingEditInput, now: Date, context: { language: Language; actor: AuditActor; files: FileStore }): Promise<ChangeOutcome> {
  if (sub.status !== 'pending') throw new ProblemError(409, 'subscription_not_pending', { detail: 'Only a purchase waiting for its payment is edited this way.' });
  const licenses = input.licenses ?? sub.licenses;
  const repriced = input.bundlePlanIds !== undefined || licenses !== sub.licenses;
  let price: PlanPrice | null = null;
  if (repriced) {
    if (!sub.planId) throw new ProblemError(409, 'plan_unavailable', { detail: 'The plan of this purchase no longer exists; cancel it and purchase another.' });
    price = await planPrice(tx, sub.planId, sub.currency, sub.billingCycle, { publishedOnly: false });
    checkLicenses(price, licenses);
  }
  const bundles = price ? (input.bundlePlanIds ? await resolveBundles(tx, price.planId, input.bundlePlanIds, sub.currency, sub.billingCycle) : await keptBundles(tx, sub.bundles, price.planId, sub.currency, sub.billingCycle)) : sub.bundles;
  if (input.autoRenewal !== undefined) await setAutoRenewal(tx, sub, input.autoRenewal, now, context.actor);
  if (price && (licenses !== sub.licenses || !sameBundleList(bundles, sub.bundles))) {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    return replacePending(tx, present(current, 'current'), price, licenses, bundles, now, { ...context, event: 'edited' });
  }
  const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  return { subscription: present(fresh, 'fresh'), invoice: null };
}

/** The platform super administrator's edit: licences and auto renewal from the next invoice on, nothing charged now. */
export async function editAssigned(tx: Database, sub: SubscriptionRow, input: { licenses?: number | undefined; autoRenewal?: boolean | undefined }, now: Date, actor: AuditActor): Promise<SubscriptionRow> {
  if (sub.status === 'cancelled' || sub.status === 'expired') throw new ProblemError(409, 'subscription_ended', { detail: 'The subscription has ended.' });
  const changes: Partial<SubscriptionRow> = {};
  if (input.licenses !== undefined) Object.assign(changes, { licenses: input.licenses, nextInvoiceAmount: perLicence(sub.unitAmount, sub.bundles) * input.licenses });
  if (input.autoRenewal !== undefined) changes.autoRenewal = input.autoRenewal;
  await tx.update(subscriptions).set({ ...changes, updatedAt: now }).where(eq(subscriptions.id, sub.id));
  await recordAudit(tx, actor, { action: 'update', entity: 'subscription', entityId: sub.id, before: { licenses: sub.licenses, autoRenewal: sub.autoRenewal }, after: changes });
  await emitSubscriptionChanged(tx, sub.tenantId, sub.id, 'edited', now);
  await syncSeatLimit(tx, sub.tenantId);
  const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  return present(fresh, 'fresh');
}

export { invoiceToApi, periodAt, type BillingCycle };

/** The tenant's name, for invoices in lists. */
export async function tenantName(tx: Database, tenantId: string): Promise<string> {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? '';
}
