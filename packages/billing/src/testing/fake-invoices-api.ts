// An in-memory stand-in for Invoice history's operations of openapi/portal.yaml (getInvoices,
// getPayments, downloadInvoice, downloadReceipt), answering through the real api-client in the
// server's shapes: newest first, filtered by `from`, `to` and `q` like apps/server/src/billing/lists.ts.
import type { Schema } from '@portal/api-client';
import { fakeCurrentUser, file, installFakeApi, json, problem, type FakeRoutes } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type Invoice = Schema<'Invoice'>;
type Transaction = Schema<'TenantTransaction'>;

export type FakeInvoicesOperation = 'getInvoices' | 'getPayments' | 'downloadInvoice' | 'downloadReceipt' | 'manuelPay';
export type FakeInvoicesRequest = { operation: FakeInvoicesOperation; path: string; query: URLSearchParams };
export type FakeInvoicesApiOptions = { invoices?: Invoice[]; payments?: Transaction[]; failing?: FakeInvoicesOperation[]; /** The signed-in user's role (GET /me). */ role?: string };
export type FakeInvoicesApi = { requests: FakeInvoicesRequest[]; requestsOf: (operation: FakeInvoicesOperation) => FakeInvoicesRequest[] };

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** `count` monthly invoices from 1 March 2025 backwards, numbered INV-000100 down; the newest still open. */
export function fakeInvoices(count: number): Invoice[] {
  return Array.from({ length: count }, (_, n) => {
    const issuedAt = new Date(Date.UTC(2025, 2 - n, 1)).toISOString();
    return {
      id: id(7000 + n),
      tenantId: id(1),
      tenantName: 'Acme',
      subscriptionId: id(6000),
      number: `INV-${String(100 - n).padStart(6, '0')}`,
      status: n === 0 ? 'open' : 'paid',
      purpose: 'renewal',
      currency: 'USD',
      lines: [],
      subtotal: 60000,
      creditApplied: 0,
      tax: 0,
      total: 60000,
      issuedAt,
      dueAt: issuedAt,
      paidAt: n === 0 ? null : issuedAt,
      periodStart: issuedAt,
      periodEnd: null,
      provider: 'manual',
    };
  });
}

function page<T>(records: readonly T[], query: URLSearchParams) {
  const limit = Number(query.get('limit') ?? 25);
  const start = Number(query.get('cursor')?.replace('offset:', '') ?? 0);
  const end = start + limit;
  return { items: records.slice(start, end), nextCursor: end < records.length ? `offset:${end}` : null };
}

const within = (at: string, query: URLSearchParams) => (!query.get('from') || at >= query.get('from')!) && (!query.get('to') || at <= query.get('to')!);

export function installFakeInvoicesApi(options: FakeInvoicesApiOptions = {}): FakeInvoicesApi {
  const requests: FakeInvoicesRequest[] = [];
  const invoices = [...(options.invoices ?? [])];
  const payments = options.payments ?? [];
  const seen = (operation: FakeInvoicesOperation, request: Request) => {
    const url = new URL(request.url);
    requests.push({ operation, path: url.pathname, query: url.searchParams });
    return url.searchParams;
  };
  const routes: FakeRoutes = {
    ...(options.role ? { getCurrentUser: json(fakeCurrentUser({ role: options.role })) } : {}),
    getInvoices: (request) => {
      const query = seen('getInvoices', request);
      if (options.failing?.includes('getInvoices')) return problem(500, 'internal');
      const q = query.get('q')?.toLowerCase();
      return json(page(invoices.filter((invoice) => within(invoice.issuedAt, query) && (!q || invoice.number.toLowerCase().includes(q))), query));
    },
    getPayments: (request) => {
      const query = seen('getPayments', request);
      if (options.failing?.includes('getPayments')) return problem(500, 'internal');
      const q = query.get('q')?.toLowerCase();
      return json(page(payments.filter((payment) => within(payment.createdAt, query) && (!q || payment.reference.toLowerCase().includes(q) || (payment.remarks ?? '').toLowerCase().includes(q))), query));
    },
    manuelPay: (request, { invoiceId }) => {
      seen('manuelPay', request);
      const index = invoices.findIndex((candidate) => candidate.id === invoiceId);
      if (index < 0) return problem(404, 'not_found');
      invoices[index] = { ...invoices[index]!, status: 'paid', paidAt: '2025-03-02T09:00:00.000Z' };
      return json(invoices[index]);
    },
    downloadInvoice: (request, { invoiceId }) => {
      seen('downloadInvoice', request);
      return invoices.some((invoice) => invoice.id === invoiceId) ? file('%PDF-1.3 invoice', 'application/pdf') : problem(404, 'not_found');
    },
    downloadReceipt: (request, { invoiceId }) => {
      seen('downloadReceipt', request);
      const invoice = invoices.find((candidate) => candidate.id === invoiceId);
      if (!invoice) return problem(404, 'not_found');
      return invoice.status === 'paid' ? file('%PDF-1.3 receipt', 'application/pdf') : problem(409, 'invoice_not_paid');
    },
  };
  installFakeApi(routes);
  return { requests, requestsOf: (operation) => requests.filter((request) => request.operation === operation) };
}

/** A story loader installing the fake; play functions read it as `loaded.api`. */
export function fakeInvoicesApiLoader(options: FakeInvoicesApiOptions = {}): () => { api: FakeInvoicesApi } {
  return () => {
    notify.clean();
    return { api: installFakeInvoicesApi(options) };
  };
}

export const loadedInvoicesApi = (loaded: Record<string, unknown>): FakeInvoicesApi => loaded.api as FakeInvoicesApi;
