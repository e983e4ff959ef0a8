// The words and colours of the tenant's billing records (subscriptions, transactions), one place
// for both sections so a status reads the same everywhere.
import { Badge } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Schema } from '@portal/api-client';

type Subscription = Schema<'TenantSubscription'>;
type Transaction = Schema<'TenantTransaction'>;

export type Labelled = { label: MessageDescriptor; color: string };

/** The demo's first products, from before the catalogue, by their stored key; other products show their catalogue name. */
export const productLabels: Partial<Record<string, MessageDescriptor>> = {
  meeting: msg`Meeting`,
  webinar: msg`Webinar`,
  storage: msg`Storage`,
};

export const billingCycleLabels: Record<Subscription['billingCycle'], MessageDescriptor> = {
  monthly: msg`Monthly`,
  yearly: msg`Yearly`,
};

export const subscriptionStatuses: Record<Subscription['status'], Labelled> = {
  active: { label: msg`Active`, color: 'green' },
  pending: { label: msg`Pending`, color: 'yellow' },
  past_due: { label: msg`Past due`, color: 'red' },
  cancelled: { label: msg`Cancelled`, color: 'gray' },
  expired: { label: msg`Expired`, color: 'gray' },
};

export const paymentModeLabels: Record<Transaction['mode'], MessageDescriptor> = {
  card: msg`Card`,
  bank_transfer: msg`Bank transfer`,
  manual: msg`Manual`,
};

export const transactionStatuses: Record<Transaction['status'], Labelled> = {
  succeeded: { label: msg`Succeeded`, color: 'green' },
  pending: { label: msg`Pending`, color: 'yellow' },
  failed: { label: msg`Failed`, color: 'red' },
  refunded: { label: msg`Refunded`, color: 'blue' },
  refund_due: { label: msg`To refund`, color: 'orange' },
};

/** An active subscription cancelled by its tenant: it runs until its cycle ends. */
export const endingStatus: Labelled = { label: msg`Ends at cycle end`, color: 'orange' };

export const invoiceStatuses: Record<Schema<'Invoice'>['status'], Labelled> = {
  open: { label: msg`Open`, color: 'yellow' },
  paid: { label: msg`Paid`, color: 'green' },
  void: { label: msg`Void`, color: 'gray' },
  uncollectible: { label: msg`Expired`, color: 'red' },
};

/** One of the labels above in the reader's language. */
export function Translated({ message }: { message: MessageDescriptor }) {
  const { i18n } = useLingui();
  return <>{i18n._(message)}</>;
}

/** A status of the maps above as a coloured badge. */
export function LabelledBadge({ value }: { value: Labelled }) {
  const { i18n } = useLingui();
  return (
    // Never cut to "CANC…" when the table is tight: the column grows to the word instead.
    <Badge color={value.color} variant="light" miw="max-content">
      {i18n._(value.label)}
    </Badge>
  );
}
