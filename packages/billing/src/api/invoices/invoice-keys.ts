import { createQueryKeys } from '@portal/api-client';

/** Invoice history's queries: the caller's tenant's invoices and payments. */
export const invoiceKeys = createQueryKeys('invoices');
