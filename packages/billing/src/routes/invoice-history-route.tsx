import { InvoiceHistoryScreen } from '../components/invoice-history-screen';

/** Lazy route module of `/portal/billing/invoice`. */
export default function InvoiceHistoryRoute() {
  return <InvoiceHistoryScreen />;
}
