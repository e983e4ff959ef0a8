// Invoices: issued with the next number of their issuer (a counter row locked and advanced in the
// invoice's own transaction, so a rolled-back invoice takes its number back and numbers have no
// gaps), paid once (manuelPay, the Stripe webhook, or at once when nothing is owed), and rendered
// as PDFs from what the row kept.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AuditActor } from '../kernel/audit/record.ts';
import { recordAudit } from '../kernel/audit/record.ts';
import { invoiceCounters, invoices, paymentTransactions, subscriptions, tenants, type InvoiceEffect, type StoredInvoiceLine } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { FileStore } from '../kernel/files/index.ts';
import type { Schemas } from '../kernel/http/api.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';
import { ProblemError } from '../kernel/http/problem.ts';
import { contentTypeOfExt, detectImageType } from '../profile/index.ts';
import { parseBrandImageFile, readBrandImage } from '../tenants/index.ts';
import { renderBillingPdf } from './documents/billing-pdf.ts';
import { invoiceTotals } from './engine/totals.ts';
import { period } from './engine/cycles.ts';
import { emitSubscriptionChanged } from '../webhooks/index.ts';
import { present } from '../kernel/db/present.ts';
import { perLicence } from './bundles.ts';
import { syncSeatLimit } from './seats.ts';
// Types only: subscriptions.ts issues and pays invoices through this file.
import type { SubscriptionRow } from './subscriptions.ts';

export const ISSUER = 'platform';
const PREFIX = 'INV';
/** Days a tenant has to pay an invoice before it expires (uncollectible). */
export const PAYMENT_DAYS = 14;
const DAY = 86_400_000;

export type InvoiceRow = typeof invoices.$inferSelect;

/** The next number of `issuer`, in the caller's transaction (the counter row stays locked until it ends). */
export async function nextInvoiceNumber(tx: Database, issuer: string): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ issuer, next: 2 })
    .onConflictDoUpdate({ target: invoiceCounters.issuer, set: { next: sql`${invoiceCounters.next} + 1` } })
    .returning({ next: invoiceCounters.next });
  const number = (row?.next ?? 2) - 1;
  return `${PREFIX}-${String(number).padStart(6, '0')}`;
}

export type NewInvoice = {
  tenantId: string;
  subscription: Pick<SubscriptionRow, 'id' | 'currency' | 'timeZone' | 'provider' | 'creditBalance'>;
  purpose: InvoiceRow['purpose'];
  effect: InvoiceEffect;
  lines: StoredInvoiceLine[];
  now: Date;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  language: InvoiceRow['language'];
  /** Where the tenant's logo is read from and kept for the invoice. */
  files: FileStore;
};

const invoiceLogoDir = (tenantId: string) => `brand/${tenantId}/invoice-logos`;

/**
 * The tenant's black logo (its brand's logoDark, drawn for light backgrounds such as paper) as an
 * invoice keeps it: copied once per content to `brand/<tenant>/invoice-logos/<sha256>.<ext>`, so an
 * invoice prints the logo it was issued with even after the tenant uploads another, and the copies
 * go with the tenant's other brand files when it is deleted. Null when the tenant has no logo
 * stored here (none, or a URL elsewhere, whose bytes could change under us).
 */
export async function keepInvoiceLogo(files: FileStore, tenantId: string, logoUrl: string | null | undefined): Promise<string | null> {
  const prefix = `${apiPrefix}/brand-images/${tenantId}/`;
  if (!logoUrl?.startsWith(prefix)) return null;
  const parsed = parseBrandImageFile(logoUrl.slice(prefix.length));
  if (parsed?.slot !== 'logoDark') return null;
  const bytes = await readBrandImage(files, tenantId, 'logoDark', parsed.ext);
  const type = bytes && detectImageType(bytes);
  if (!bytes || !type) return null;
  const key = `${invoiceLogoDir(tenantId)}/${createHash('sha256').update(bytes).digest('hex')}.${type.ext}`;
  if ((await files.size(key)) === null) await files.put(key, bytes, contentTypeOfExt(type.ext));
  return key;
}

/** The logo bytes an invoice kept, or null (none, or its file is gone: the brand name is printed instead). */
async function invoiceLogo(files: FileStore, row: InvoiceRow): Promise<Buffer | null> {
  const key = row.brand.logo;
  if (!key?.startsWith(`${invoiceLogoDir(row.tenantId)}/`)) return null;
  return files.get(key);
}

/** Issues an invoice (open) with its totals; the subscription's credit balance pays what it can. */
export async function issueInvoice(tx: Database, input: NewInvoice): Promise<InvoiceRow> {
  const totals = invoiceTotals(input.lines, { currency: input.subscription.currency, creditBalance: input.subscription.creditBalance });
  const [tenant] = await tx
    .select({ name: tenants.name, brandname: tenants.brandname, branding: tenants.branding, address: tenants.address, country: tenants.country })
    .from(tenants)
    .where(eq(tenants.id, input.tenantId));
  const logo = await keepInvoiceLogo(input.files, input.tenantId, tenant?.branding.logos?.logoDark);
  const [platform] = await tx.select({ name: tenants.name, brandname: tenants.brandname }).from(tenants).where(eq(tenants.sname, 'system'));
  const number = await nextInvoiceNumber(tx, ISSUER);
  const [row] = await tx
    .insert(invoices)
    .values({
      tenantId: input.tenantId,
      subscriptionId: input.subscription.id,
      issuer: ISSUER,
      number,
      status: 'open',
      purpose: input.purpose,
      effect: input.effect,
      currency: input.subscription.currency,
      lines: input.lines,
      subtotal: totals.subtotal,
      creditApplied: totals.creditApplied,
      tax: totals.tax,
      total: totals.total,
      customer: { name: tenant?.name ?? '', address: tenant?.address ?? null, country: tenant?.country ?? null },
      brand: { name: tenant?.brandname || tenant?.name || '', logo, issuer: platform?.brandname || platform?.name || 'Portal' },
      language: input.language,
      timeZone: input.subscription.timeZone,
      provider: input.subscription.provider,
      issuedAt: input.now,
      dueAt: new Date(input.now.getTime() + PAYMENT_DAYS * DAY),
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
    })
    .returning();
  // The credit this invoice uses (or the larger credit it leaves) is the subscription's from now on.
  await tx.update(subscriptions).set({ creditBalance: totals.creditBalance }).where(eq(subscriptions.id, input.subscription.id));
  return present(row, 'row');
}

export type Payment = { mode: 'card' | 'bank_transfer' | 'manual'; reference: string; remarks: string | null; amount?: number };

/**
 * Locks an invoice for paying, voiding or expiring it. Lock order, the same everywhere in billing:
 * the subscription first, then its invoices (handlers lock the subscription with lockedSubscription
 * before replacing or withdrawing a purchase, so paying or expiring an invoice does too; the
 * opposite order deadlocks on PostgreSQL). The invoice's subscription never changes, so reading it
 * before the locks is safe.
 */
export async function lockInvoice(tx: Database, invoiceId: string): Promise<{ invoice: InvoiceRow | undefined; sub: SubscriptionRow | undefined }> {
  const [unlocked] = await tx.select({ subscriptionId: invoices.subscriptionId }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!unlocked) return { invoice: undefined, sub: undefined };
  const [sub] = unlocked.subscriptionId ? await tx.select().from(subscriptions).where(eq(subscriptions.id, unlocked.subscriptionId)).for('update') : [];
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  return { invoice, sub };
}

/** What a payment did: paid the invoice, was recorded to refund (the invoice was voided meanwhile), or nothing (paid or expired before). */
export type PaymentOutcome = 'paid' | 'refund_due' | 'not_open';

/**
 * Pays an open invoice and applies what paying it does to its subscription. Answers 'not_open'
 * (and changes nothing) when the invoice was paid or expired before: a replayed or late
 * confirmation. A payment for an invoice voided meanwhile (its purchase upgraded, edited or
 * withdrawn while the customer paid) is money received all the same: it is recorded as a
 * transaction `refund_due` (audited) and changes no subscription ('refund_due'); the same
 * reference again records nothing more.
 * `payment` null: nothing was owed (a total of 0), no transaction is recorded.
 */
export async function payInvoice(tx: Database, invoiceId: string, payment: Payment | null, now: Date, actor: AuditActor): Promise<PaymentOutcome> {
  const { invoice } = await lockInvoice(tx, invoiceId);
  if (invoice?.status === 'void' && payment) {
    const [recorded] = await tx
      .insert(paymentTransactions)
      .values({ tenantId: invoice.tenantId, reference: payment.reference, mode: payment.mode, amount: payment.amount ?? invoice.total, currency: invoice.currency, status: 'refund_due', remarks: `${payment.remarks ?? `Invoice ${invoice.number}`}: invoice ${invoice.number} was void, to refund`, invoiceId: invoice.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentTransactions.id });
    if (recorded) await recordAudit(tx, actor, { action: 'update', entity: 'invoice', entityId: invoice.id, before: { status: 'void' }, after: { status: 'void', number: invoice.number, payment: { transaction: recorded.id, status: 'refund_due', reference: payment.reference, amount: payment.amount ?? invoice.total } } });
    return 'refund_due';
  }
  if (!invoice || invoice.status !== 'open') return 'not_open';
  if (payment) {
    await tx.insert(paymentTransactions).values({
      tenantId: invoice.tenantId,
      reference: payment.reference,
      mode: payment.mode,
      amount: payment.amount ?? invoice.total,
      currency: invoice.currency,
      status: 'succeeded',
      remarks: payment.remarks ?? `Invoice ${invoice.number}`,
      invoiceId: invoice.id,
      createdAt: now,
    });
  }
  await tx.update(invoices).set({ status: 'paid', paidAt: now }).where(eq(invoices.id, invoice.id));
  await recordAudit(tx, actor, { action: 'update', entity: 'invoice', entityId: invoice.id, before: { status: 'open' }, after: { status: 'paid', number: invoice.number, reference: payment?.reference ?? null } });
  if (invoice.subscriptionId) await applyEffect(tx, invoice, now, actor);
  return 'paid';
}

async function applyEffect(tx: Database, invoice: InvoiceRow, now: Date, actor: AuditActor): Promise<void> {
  // Locked already (lockInvoice).
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, present(invoice.subscriptionId, 'invoice.subscriptionId')));
  if (!sub) return;
  const effect = invoice.effect;
  let changes: Partial<SubscriptionRow> = {};
  if (effect.kind === 'activate') {
    if (sub.status !== 'pending') return;
    const first = period({ at: now, timeZone: sub.timeZone }, sub.billingCycle, 0);
    changes = { status: 'active', anchorAt: now, effectiveDate: now, currentPeriodStart: first.start, currentPeriodEnd: first.end, nextInvoiceDate: first.end, nextInvoiceAmount: perLicence(sub.unitAmount, sub.bundles) * sub.licenses };
  } else if (effect.kind === 'renew') {
    if (sub.status === 'past_due') changes = { status: 'active' };
  } else {
    if (sub.status !== 'active' && sub.status !== 'past_due') return;
    // A change issued before bundles existed has none: the subscription keeps its own.
    const bundles = effect.bundles ?? sub.bundles;
    changes = { planId: effect.planId, plan: effect.plan, product: effect.product, licenses: effect.licenses, billingCycle: effect.billingCycle, unitAmount: effect.unitAmount, bundles, nextInvoiceAmount: perLicence(effect.unitAmount, bundles) * effect.licenses };
    if (effect.reanchor) {
      const first = period({ at: now, timeZone: sub.timeZone }, effect.billingCycle, 0);
      Object.assign(changes, { anchorAt: now, currentPeriodStart: first.start, currentPeriodEnd: first.end, nextInvoiceDate: first.end });
    }
  }
  if (Object.keys(changes).length === 0) return;
  await tx.update(subscriptions).set({ ...changes, updatedAt: now }).where(eq(subscriptions.id, sub.id));
  await recordAudit(tx, actor, { action: 'update', entity: 'subscription', entityId: sub.id, before: pick(sub, Object.keys(changes)), after: changes });
  await emitSubscriptionChanged(tx, sub.tenantId, sub.id, effect.kind === 'activate' ? 'activated' : effect.kind === 'renew' ? 'renewed' : 'changed', now);
  await syncSeatLimit(tx, sub.tenantId);
}

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, row[key]]));
}

export function invoiceToApi(row: InvoiceRow, tenantName: string): Schemas['Invoice'] {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName,
    subscriptionId: row.subscriptionId,
    number: row.number,
    status: row.status,
    purpose: row.purpose,
    currency: row.currency,
    lines: row.lines,
    subtotal: row.subtotal,
    creditApplied: row.creditApplied,
    tax: row.tax,
    total: row.total,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    provider: row.provider,
  };
}

/** The invoice's or receipt's PDF, from the row and the logo it kept alone (so the same bytes every time). */
export async function invoicePdf(tx: Database, files: FileStore, row: InvoiceRow, kind: 'invoice' | 'receipt'): Promise<Buffer> {
  if (kind === 'receipt' && row.status !== 'paid') throw new ProblemError(409, 'invoice_not_paid', { detail: 'A receipt exists once the invoice is paid.' });
  const [payment] =
    row.status === 'paid'
      ? await tx.select().from(paymentTransactions).where(and(eq(paymentTransactions.invoiceId, row.id), eq(paymentTransactions.status, 'succeeded'))).limit(1)
      : [];
  const brand = row.brand;
  return renderBillingPdf({
    kind,
    language: row.language,
    timeZone: row.timeZone,
    number: row.number,
    status: row.status,
    issuedAt: kind === 'receipt' && row.paidAt ? row.paidAt : row.issuedAt,
    dueAt: row.dueAt,
    paidAt: row.paidAt,
    issuer: { name: brand.issuer },
    customer: row.customer,
    brand: { name: brand.name, logo: await invoiceLogo(files, row) },
    currency: row.currency,
    lines: row.lines,
    totals: { subtotal: row.subtotal, creditApplied: row.creditApplied, tax: row.tax, total: row.total },
    payment: payment ? { mode: payment.mode, reference: payment.reference, amount: payment.amount } : null,
  });
}
