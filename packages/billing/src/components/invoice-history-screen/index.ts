export { InvoiceHistoryScreen } from './invoice-history-screen';
