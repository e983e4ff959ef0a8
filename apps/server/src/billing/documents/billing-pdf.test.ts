import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../../test/image-bytes.ts';
import { type BillingDocument, renderBillingPdf } from './billing-pdf.ts';

const invoice: BillingDocument = {
  kind: 'invoice',
  language: 'en',
  timeZone: 'Europe/Paris',
  number: 'INV-2026-000042',
  status: 'open',
  issuedAt: new Date('2026-11-25T10:00:00Z'),
  dueAt: new Date('2026-12-09T10:00:00Z'),
  paidAt: null,
  issuer: { name: 'Portal' },
  customer: { name: 'Acme Corporation', address: '1 Main Street', country: 'FR' },
  brand: { name: 'Acme', logo: null },
  currency: 'EUR',
  lines: [
    { kind: 'subscription', description: 'Business (monthly)', quantity: 10, unitAmount: 1200, amount: 12000, periodStart: '2026-11-25T10:00:00.000Z', periodEnd: '2026-12-25T10:00:00.000Z' },
    { kind: 'proration_credit', description: 'Starter', quantity: 5, unitAmount: 500, amount: -1250, periodStart: '2026-11-25T10:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' },
  ],
  totals: { subtotal: 10750, creditApplied: 0, tax: 0, total: 10750 },
  payment: null,
};

/** The text drawing operators' hex glyph strings are font-specific; the metadata and page count are plain. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  return raw + streams.join('\n');
}

describe('invoice and receipt PDFs', () => {
  it('gives the same bytes every time, dated by the invoice', async () => {
    const first = await renderBillingPdf(invoice);
    const second = await renderBillingPdf(structuredClone(invoice));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
    const text = pdfText(first);
    expect(text).toContain('(D:20261125100000Z)');
    expect(text).toContain('(Invoice INV-2026-000042)');
    expect(text).toMatch(/\/Type \/Pages\s+\/Count 1/);
  });

  it('differs when anything on it differs', async () => {
    const paid = await renderBillingPdf({ ...invoice, kind: 'receipt', status: 'paid', paidAt: new Date('2026-11-26T08:00:00Z'), payment: { mode: 'bank_transfer', reference: 'bt_1', amount: 10750 } });
    expect(paid.equals(await renderBillingPdf(invoice))).toBe(false);
  });

  it('writes every portal language, Arabic right to left with its own font shapes', async () => {
    for (const language of ['fr', 'ar', 'uz'] as const) {
      const bytes = await renderBillingPdf({ ...invoice, language });
      expect(bytes.equals(await renderBillingPdf({ ...invoice, language }))).toBe(true);
      expect(pdfText(bytes)).toContain('/FontName /');
      expect(pdfText(bytes)).toContain(`/Lang (${language})`);
    }
  });

  it("prints the tenant's logo as an image, the same bytes every time, and the name when the logo cannot be read", async () => {
    const logo = solidPng(120, 40, [20, 40, 160]);
    const withLogo = await renderBillingPdf({ ...invoice, brand: { name: 'Acme', logo } });
    expect(pdfText(withLogo)).toMatch(/\/Type \/XObject\s+\/Subtype \/Image/);
    expect(withLogo.equals(await renderBillingPdf({ ...invoice, brand: { name: 'Acme', logo: Buffer.from(logo) } }))).toBe(true);
    expect(pdfText(await renderBillingPdf(invoice))).not.toContain('/Subtype /Image');
    const broken = await renderBillingPdf({ ...invoice, brand: { name: 'Acme', logo: Buffer.from('not an image') } });
    expect(pdfText(broken)).not.toContain('/Subtype /Image');
  });

  it('puts a long invoice on more pages', async () => {
    const many = Array.from({ length: 60 }, () => invoice.lines[0]!);
    expect(pdfText(await renderBillingPdf({ ...invoice, lines: many }))).toMatch(/\/Type \/Pages\s+\/Count [3-9]/);
  });
});
