import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { Button } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { createDataTableColumnHelper, DataTable, RowAction, useDialogState, useServerTable } from '@portal/ui-kit';
import type { Schema } from '@portal/api-client';
import { useTenantSubscriptions } from '../../api/get-tenant-subscriptions';
import { billingCycleLabels, LabelledBadge, productLabels, subscriptionStatuses, Translated } from '../../utils/billing-labels';
import { useRole } from '@portal/auth';
import { problemText } from '@portal/forms';
import { AssignPlanDialog } from '../assign-plan-dialog';

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
  // The platform super administrator assigns and edits the tenant's plans here (assignPlan, editAssignedPlan).
  const platform = useRole() === 'superadmin';
  const dialog = useDialogState<Subscription | null>();
  const toolbar = platform ? (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => dialog.open(null)}>
      <Trans>Assign plan</Trans>
    </Button>
  ) : undefined;
  const rowActions = platform
    ? (subscription: Subscription) =>
        subscription.status === 'active' || subscription.status === 'past_due' ? <RowAction label={t`Edit subscription`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => dialog.open(subscription)} /> : null
    : undefined;
  return (
    <>
    <DataTable
      toolbar={toolbar}
      rowActions={rowActions}
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
    <AssignPlanDialog key={dialog.key} tenantId={tenantId} subscription={dialog.target} opened={dialog.opened} onClose={dialog.close} />
    </>
  );
}
