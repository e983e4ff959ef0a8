// Invoice and receipt PDFs (pdfkit: maintained, streams, embeds and subsets TrueType fonts with
// OpenType shaping, which Arabic needs; pdf-lib has had no release since 2021). The bytes depend
// only on the document: the creation date is the invoice's date, pdfkit derives the file id from
// the metadata, and the font subset tags from the font's name, so every download is identical.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatMoney } from '../engine/money.ts';
import type { LineKind } from '../engine/proration.ts';
import { type DocumentLanguage, documentTexts } from './document-texts.ts';

const require = createRequire(import.meta.url);
const fontDir = require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
const REGULAR = `${fontDir}DejaVuSans.ttf`;
const BOLD = `${fontDir}DejaVuSans-Bold.ttf`;

export type DocumentLine = { kind: LineKind; description: string; quantity: number; unitAmount: number; amount: number; periodStart: string; periodEnd: string };

export type BillingDocument = {
  kind: 'invoice' | 'receipt';
  language: DocumentLanguage;
  timeZone: string;
  number: string;
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  issuedAt: Date;
  dueAt: Date | null;
  paidAt: Date | null;
  /** The platform that sells (its brand name) and the tenant that buys. */
  issuer: { name: string };
  customer: { name: string; address: string | null; country: string | null };
  /** The tenant's brand: its name, and its logo (PNG or JPEG bytes) when it has one. */
  brand: { name: string; logo: Buffer | null };
  currency: string;
  lines: DocumentLine[];
  totals: { subtotal: number; creditApplied: number; tax: number; total: number };
  payment: { mode: 'card' | 'bank_transfer' | 'manual'; reference: string; amount: number } | null;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

export function renderBillingPdf(doc: BillingDocument): Promise<Buffer> {
  const texts = documentTexts[doc.language];
  const rtl = doc.language === 'ar';
  const money = (amount: number) => formatMoney({ amount, currency: doc.currency }, doc.language);
  const day = (at: Date) => new Intl.DateTimeFormat(doc.language, { dateStyle: 'medium', timeZone: doc.timeZone }).format(at);
  const title = doc.kind === 'invoice' ? texts.invoice : texts.receipt;

  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: true,
    lang: doc.language,
    displayTitle: true,
    info: { Title: `${title} ${doc.number}`, Author: doc.issuer.name, Subject: doc.customer.name, Creator: doc.issuer.name, Producer: doc.issuer.name, CreationDate: doc.issuedAt, ModDate: doc.issuedAt },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', REGULAR);
  pdf.registerFont('bold', BOLD);

  const width = A4.width - 2 * MARGIN;
  const align = rtl ? 'right' : 'left';
  const opposite = rtl ? 'left' : 'right';
  // Mirror x positions for right-to-left: a column at `x` of width `w` sits at the other side.
  const at = (x: number, w: number) => (rtl ? MARGIN + width - x - w : MARGIN + x);

  // Header: the tenant's logo or name, and the document's title and number.
  let y = MARGIN;
  if (doc.brand.logo) {
    try {
      pdf.image(doc.brand.logo, at(0, 140), y, { fit: [140, 50] });
    } catch {
      pdf.font('bold').fontSize(18).text(doc.brand.name, at(0, 260), y, { width: 260, align });
    }
  } else {
    pdf.font('bold').fontSize(18).text(doc.brand.name, at(0, 260), y, { width: 260, align });
  }
  pdf.font('bold').fontSize(20).text(title, at(width - 240, 240), y, { width: 240, align: opposite });
  pdf.font('regular').fontSize(10);
  const facts: [string, string][] = [
    [texts.number, doc.number],
    [texts.date, day(doc.issuedAt)],
  ];
  if (doc.kind === 'invoice' && doc.dueAt && doc.status === 'open') facts.push([texts.due, day(doc.dueAt)]);
  if (doc.paidAt) facts.push([texts.paidOn, day(doc.paidAt)]);
  facts.push([texts.status[doc.status], '']);
  let factY = y + 28;
  for (const [label, value] of facts) {
    pdf.text(value ? `${label}: ${value}` : label, at(width - 240, 240), factY, { width: 240, align: opposite });
    factY += 14;
  }

  // Parties.
  y = Math.max(factY, y + 70) + 16;
  const party = (x: number, heading: string, lines: string[]) => {
    pdf.font('bold').fontSize(10).text(heading, at(x, 240), y, { width: 240, align });
    pdf.font('regular');
    lines.forEach((line, n) => pdf.text(line, at(x, 240), y + 14 * (n + 1), { width: 240, align }));
  };
  party(0, texts.from, [doc.issuer.name]);
  party(width - 240, texts.billTo, [doc.customer.name, doc.customer.address, doc.customer.country].filter((line): line is string => Boolean(line)));
  y += 80;

  // Lines.
  pdf.font('bold').fontSize(9);
  pdf.text(texts.description, at(0, 215), y, { width: 215, align });
  pdf.text(texts.quantity, at(215, 40), y, { width: 40, align: opposite });
  pdf.text(texts.unitPrice, at(255, 120), y, { width: 120, align: opposite });
  pdf.text(texts.amount, at(375, width - 375), y, { width: width - 375, align: opposite });
  y += 16;
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).stroke('#999999');
  y += 6;
  pdf.font('regular').fontSize(9);
  for (const line of doc.lines) {
    const period = line.periodStart && line.periodEnd ? `${texts.period}: ${day(new Date(line.periodStart))} – ${day(new Date(line.periodEnd))}` : '';
    const description = [`${texts.lineKinds[line.kind]}: ${line.description}`, texts.licences(line.quantity), period].filter(Boolean).join('\n');
    const height = pdf.heightOfString(description, { width: 215 });
    if (y + height > A4.height - MARGIN - 140) {
      pdf.addPage();
      y = MARGIN;
    }
    pdf.text(description, at(0, 215), y, { width: 215, align });
    pdf.text(String(line.quantity), at(215, 40), y, { width: 40, align: opposite });
    pdf.text(money(line.unitAmount), at(255, 120), y, { width: 120, align: opposite });
    pdf.text(money(line.amount), at(375, width - 375), y, { width: width - 375, align: opposite });
    y += height + 8;
  }
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.5).stroke('#999999');
  y += 10;

  // Totals.
  const total = (label: string, amount: number, bold = false) => {
    pdf.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9);
    pdf.text(label, at(255, 120), y, { width: 120, align });
    pdf.text(money(amount), at(375, width - 375), y, { width: width - 375, align: opposite });
    y += bold ? 18 : 14;
  };
  total(texts.subtotal, doc.totals.subtotal);
  if (doc.totals.creditApplied) total(texts.creditApplied, -doc.totals.creditApplied);
  if (doc.totals.tax) total(texts.tax, doc.totals.tax);
  total(texts.total, doc.totals.total, true);
  if (doc.payment) {
    y += 8;
    total(texts.amountPaid, doc.payment.amount, doc.kind === 'receipt');
    pdf.font('regular').fontSize(9);
    pdf.text(`${texts.paymentMethod}: ${texts.modes[doc.payment.mode]}`, at(0, width), y, { width, align });
    pdf.text(`${texts.reference}: ${doc.payment.reference}`, at(0, width), y + 14, { width, align });
    y += 28;
  }
  pdf.font('regular').fontSize(9).text(texts.thanks, at(0, width), y + 20, { width, align });
  pdf.end();
  return done;
}
