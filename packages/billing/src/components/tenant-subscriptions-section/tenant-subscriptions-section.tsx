import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { createDataTableColumnHelper, DataTable, useServerTable } from '@portal/ui-kit';
import type { Schema } from '@portal/api-client';
import { useTenantSubscriptions } from '../../api/get-tenant-subscriptions';
import { billingCycleLabels, LabelledBadge, productLabels, subscriptionStatuses, Translated } from '../../utils/billing-labels';
import { problemText } from '@portal/auth';

export type TenantSubscriptionsSectionProps = { tenantId: string };

type Subscription = Schema<'TenantSubscription'>;

function Day({ value }: { value: string | null }) {
  const format = useDateFormat();
  return value ? <time dateTime={value}>{format.date(value)}</time> : <>—</>;
}

function NextAmount({ subscription }: { subscription: Subscription }) {
  const { i18n } = useLingui();
  const amount = subscription.nextInvoiceAmount;
  return <>{amount === null ? '—' : formatMoney(amount, subscription.currency, i18n.locale)}</>;
}

const column = createDataTableColumnHelper<Subscription>();

// The server answers newest first: no column sorts.
const columns = column.columns([
  column.accessor('product', { header: () => <Trans>Product</Trans>, enableSorting: false, cell: ({ getValue }) => {
      const label = productLabels[getValue()];
      return label ? <Translated message={label} /> : getValue();
    },
  }),
  column.accessor('plan', { header: () => <Trans>Plan</Trans>, enableSorting: false }),
  column.accessor('licenses', { header: () => <Trans>License</Trans>, enableSorting: false }),
  column.accessor('billingCycle', { header: () => <Trans>Billing cycle</Trans>, enableSorting: false, cell: ({ getValue }) => <Translated message={billingCycleLabels[getValue()]} /> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ getValue }) => <LabelledBadge value={subscriptionStatuses[getValue()]} /> }),
  column.accessor('autoRenewal', { header: () => <Trans>Auto renewal</Trans>, enableSorting: false, cell: ({ getValue }) => (getValue() ? <Trans>Yes</Trans> : <Trans>No</Trans>) }),
  column.accessor('effectiveDate', { header: () => <Trans>Subscription Effective Date</Trans>, enableSorting: false, cell: ({ getValue }) => <Day value={getValue()} /> }),
  column.accessor('nextInvoiceDate', { header: () => <Trans>Next Invoice Date</Trans>, enableSorting: false, cell: ({ getValue }) => <Day value={getValue()} /> }),
  column.accessor('nextInvoiceAmount', { header: () => <Trans>Next Invoice Amount</Trans>, enableSorting: false, cell: ({ row }) => <NextAmount subscription={row.original} /> }),
]);

const getRowId = (subscription: Subscription) => subscription.id;

/** The "Subscriptions" section of the tenant detail: what the tenant subscribes to and its next invoices, newest first. */
export function TenantSubscriptionsSection({ tenantId }: TenantSubscriptionsSectionProps) {
  const { t, i18n } = useLingui();
  const table = useServerTable();
  const subscriptions = useTenantSubscriptions(tenantId, { limit: table.params.limit, ...(table.params.cursor ? { cursor: table.params.cursor } : {}) });
  return (
    <DataTable
      paging={table.bind(subscriptions.data?.nextCursor).paging}
      label={t`Subscriptions`}
      columns={columns}
      data={subscriptions.data?.items}
      getRowId={getRowId}
      loading={subscriptions.isPending}
      error={subscriptions.isError ? problemText(subscriptions.error, i18n) : undefined}
      onRetry={() => void subscriptions.refetch()}
      emptyText={t`There are no subscriptions!`}
      minWidth={960}
    />
  );
}
