import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { downloadFile } from '@portal/ui-kit';

export type InvoiceDocument = 'invoice' | 'receipt';

export function downloadInvoiceDocument(invoiceId: string, document: InvoiceDocument) {
  return document === 'invoice'
    ? ok(api().GET('/billing/invoices/{invoiceId}/pdf', { params: { path: { invoiceId } }, parseAs: 'blob' }))
    : ok(api().GET('/billing/invoices/{invoiceId}/receipt', { params: { path: { invoiceId } }, parseAs: 'blob' }));
}

/** Saves an invoice's PDF, or its receipt once paid, as `<number>.pdf` / `<number>-receipt.pdf`. */
export function useDownloadInvoiceDocument() {
  return useMutation({
    mutationFn: async ({ invoiceId, number, document }: { invoiceId: string; number: string; document: InvoiceDocument }) => {
      const blob = await downloadInvoiceDocument(invoiceId, document);
      downloadFile(blob, document === 'invoice' ? `${number}.pdf` : `${number}-receipt.pdf`);
    },
  });
}
