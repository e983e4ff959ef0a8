import { Button, Stack, Title } from '@mantine/core';
import { IconArrowsExchange, IconArrowUpCircle, IconCash, IconCircleX, IconPencil, IconShoppingCartPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import type { Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE, problemText } from '@portal/forms';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, RowAction, useDialogState, useServerTable } from '@portal/ui-kit';
import { usePayInvoice } from '../../api/invoices/pay-invoice';
import { useCancelPlan } from '../../api/subscriptions/cancel-plan';
import { useDeleteSubscription } from '../../api/subscriptions/delete-subscription';
import { useSubscriptions } from '../../api/subscriptions/get-subscriptions';
import { CHANGE_PURCHASED_PLAN_PATH, EDIT_PURCHASED_PLAN_PATH, PAYMENT_PROCESSING_PATH, SELECT_PLANS_PATH, SUBSCRIPTION_QUERY } from '../../routes/billing-paths';
import { paymentProblemText } from '../../utils/purchase-problems';
import { billingCycleLabels, endingStatus, LabelledBadge, paymentModeLabels, productLabels, subscriptionStatuses, Translated } from '../../utils/billing-labels';
import { PROCESSING_QUERY } from '../payment-processing-screen';
import { PlanUsageSection } from '../plan-usage-section';
import { UpgradePendingDialog } from '../upgrade-pending-dialog';

type Subscription = Schema<'Subscription'>;

export type SubscriptionsScreenProps = {
  /** current: Current plans (billing/plan); pending: Pending plans (billing/pending). */
  state: 'current' | 'pending';
};

function Day({ value }: { value: string | null }) {
  const format = useDateFormat();
  return value ? <time dateTime={value}>{format.date(value)}</time> : <>—</>;
}

function Amount({ amount, currency }: { amount: number | null; currency: string }) {
  const { i18n } = useLingui();
  return <>{amount === null ? '—' : formatMoney(amount, currency, i18n.locale)}</>;
}

function Product({ value }: { value: string }) {
  const label = productLabels[value];
  return label ? <Translated message={label} /> : <>{value}</>;
}

/** The bundles bought with the plan, by name; a dash when none. */
function Bundles({ subscription }: { subscription: Subscription }) {
  return <>{subscription.bundles.length > 0 ? subscription.bundles.map((bundle) => bundle.plan).join(', ') : '—'}</>;
}

const column = createDataTableColumnHelper<Subscription>();

const currentColumns = column.columns([
  column.accessor('product', { header: () => <Trans>Product</Trans>, enableSorting: false, cell: ({ getValue }) => <Product value={getValue()} /> }),
  column.accessor('plan', { header: () => <Trans>Plan</Trans>, enableSorting: false }),
  column.accessor('bundles', { header: () => <Trans>Bundles</Trans>, enableSorting: false, cell: ({ row }) => <Bundles subscription={row.original} /> }),
  column.accessor('licenses', { header: () => <Trans>License</Trans>, enableSorting: false }),
  column.accessor('billingCycle', { header: () => <Trans>Billing cycle</Trans>, enableSorting: false, cell: ({ getValue }) => <Translated message={billingCycleLabels[getValue()]} /> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ row }) => <Status subscription={row.original} /> }),
  column.accessor('effectiveDate', { header: () => <Trans>Subscription Effective Date</Trans>, enableSorting: false, cell: ({ getValue }) => <Day value={getValue()} /> }),
  column.accessor('nextInvoiceDate', { header: () => <Trans>Next Invoice Date</Trans>, enableSorting: false, cell: ({ getValue }) => <Day value={getValue()} /> }),
  column.accessor('nextInvoiceAmount', { header: () => <Trans>Next Invoice Amount</Trans>, enableSorting: false, cell: ({ row }) => <Amount amount={row.original.nextInvoiceAmount} currency={row.original.currency} /> }),
]);

const pendingColumns = column.columns([
  column.accessor('plan', { header: () => <Trans>Plan</Trans>, enableSorting: false }),
  column.accessor('bundles', { header: () => <Trans>Bundles</Trans>, enableSorting: false, cell: ({ row }) => <Bundles subscription={row.original} /> }),
  column.accessor('licenses', { header: () => <Trans>License</Trans>, enableSorting: false, cell: ({ row }) => <PendingLicences subscription={row.original} /> }),
  column.accessor('provider', { header: () => <Trans>Payment</Trans>, enableSorting: false, cell: ({ getValue }) => <Translated message={paymentModeLabels[getValue() === 'stripe' ? 'card' : 'bank_transfer']} /> }),
  column.accessor('effectiveDate', { header: () => <Trans>Subscription Effective Date</Trans>, enableSorting: false, cell: ({ row }) => <Day value={row.original.pendingChanges[0]?.effectiveAt ?? row.original.effectiveDate} /> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ row }) => <Status subscription={row.original} /> }),
  column.accessor('nextInvoiceDate', { header: () => <Trans>Next Invoice Date</Trans>, enableSorting: false, cell: ({ getValue }) => <Day value={getValue()} /> }),
  column.accessor('nextInvoiceAmount', { header: () => <Trans>Next Invoice Amount</Trans>, enableSorting: false, cell: ({ row }) => <Amount amount={row.original.nextInvoiceAmount} currency={row.original.currency} /> }),
]);

function PendingLicences({ subscription }: { subscription: Subscription }) {
  const change = subscription.pendingChanges.find((pending) => pending.kind === 'licenses');
  return <>{change?.licenses != null ? `${subscription.licenses} → ${change.licenses}` : subscription.licenses}</>;
}

function Status({ subscription }: { subscription: Subscription }) {
  if (subscription.cancelAtPeriodEnd && subscription.status === 'active') return <LabelledBadge value={endingStatus} />;
  return <LabelledBadge value={subscriptionStatuses[subscription.status]} />;
}

/** Current plans (billing/plan) or Pending plans (billing/pending) of the caller's tenant. */
export function SubscriptionsScreen({ state }: SubscriptionsScreenProps) {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const table = useServerTable();
  const subscriptions = useSubscriptions({ state, limit: table.params.limit, ...(table.params.cursor ? { cursor: table.params.cursor } : {}) });
  const navigate = useNavigate();
  const openChange = (path: string, subscription: Subscription) => void navigate(`/${path}?${new URLSearchParams({ [SUBSCRIPTION_QUERY]: subscription.id }).toString()}`);
  const cancelling = useDialogState<Subscription>();
  const withdrawing = useDialogState<Subscription>();
  const upgrading = useDialogState<Subscription>();
  const cancelPlan = useCancelPlan();
  const deleteSubscription = useDeleteSubscription();
  const payInvoice = usePayInvoice({ meta: OWN_ERROR_NOTICE });

  // Pay: a card invoice goes to the provider's checkout page; a bank transfer to the page saying which invoice to quote.
  const pay = (invoiceId: string) =>
    payInvoice.mutate(
      { invoiceId },
      {
        onSuccess: ({ invoice, redirectUrl }) => {
          if (redirectUrl) {
            window.location.assign(redirectUrl);
            return;
          }
          void navigate(`/${PAYMENT_PROCESSING_PATH}?${new URLSearchParams({ [PROCESSING_QUERY.invoice]: invoice.id, [PROCESSING_QUERY.number]: invoice.number }).toString()}`);
        },
        onError: (error) => notify.error(paymentProblemText(error, i18n)),
      },
    );

  const confirmCancel = () => {
    if (!cancelling.target) return;
    cancelPlan.mutate({ subscriptionId: cancelling.target.id }, {
      onSuccess: () => {
        notify.success(t`Subscription cancelled. It ends at the end of the billing cycle.`);
        cancelling.close();
      },
      onError: () => cancelling.close(),
    });
  };
  const confirmWithdraw = () => {
    if (!withdrawing.target) return;
    deleteSubscription.mutate({ subscriptionId: withdrawing.target.id }, {
      onSuccess: () => {
        notify.success(t`Pending plan cancelled`);
        withdrawing.close();
      },
      onError: () => withdrawing.close(),
    });
  };

  const rowActions = (subscription: Subscription) => {
    if (state === 'pending') {
      if (subscription.status !== 'pending') return null;
      return (
        <>
          <RowAction label={t`Edit Plan`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => openChange(EDIT_PURCHASED_PLAN_PATH, subscription)} />
          <RowAction label={t`Upgrade`} icon={<IconArrowUpCircle size={18} aria-hidden="true" />} onClick={() => upgrading.open(subscription)} />
          <RowAction label={t`Cancel`} color="red" icon={<IconCircleX size={18} aria-hidden="true" />} onClick={() => withdrawing.open(subscription)} />
        </>
      );
    }
    const openInvoiceId = subscription.openInvoiceId;
    const payAction = openInvoiceId ? <RowAction label={t`Pay`} icon={<IconCash size={18} aria-hidden="true" />} onClick={() => pay(openInvoiceId)} /> : null;
    if (subscription.status !== 'active' || subscription.cancelAtPeriodEnd) return payAction;
    return (
      <>
        {payAction}
        <RowAction label={t`Edit Plan`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => openChange(EDIT_PURCHASED_PLAN_PATH, subscription)} />
        <RowAction label={t`Change Plan`} icon={<IconArrowsExchange size={18} aria-hidden="true" />} onClick={() => openChange(CHANGE_PURCHASED_PLAN_PATH, subscription)} />
        <RowAction label={t`Cancel`} color="red" icon={<IconCircleX size={18} aria-hidden="true" />} onClick={() => cancelling.open(subscription)} />
      </>
    );
  };

  const endsOn = cancelling.target?.currentPeriodEnd ? format.date(cancelling.target.currentPeriodEnd) : '';
  return (
    <Stack gap="md">
      <Title order={2}>{state === 'current' ? <Trans>Current Plans</Trans> : <Trans>Pending Plans</Trans>}</Title>
      {state === 'current' ? <PlanUsageSection /> : null}
      <DataTable
        paging={table.bind(subscriptions.data?.nextCursor).paging}
        label={state === 'current' ? t`Current Plans` : t`Pending Plans`}
        columns={state === 'current' ? currentColumns : pendingColumns}
        data={subscriptions.data?.items}
        getRowId={(subscription) => subscription.id}
        loading={subscriptions.isPending}
        error={subscriptions.isError ? problemText(subscriptions.error, i18n) : undefined}
        onRetry={() => void subscriptions.refetch()}
        emptyText={state === 'current' ? t`No current plans available!` : t`Currently no pending plans available!`}
        rowActions={rowActions}
        toolbar={
          state === 'current' ? (
            <Button component={Link} to={`/${SELECT_PLANS_PATH}`} leftSection={<IconShoppingCartPlus size={16} aria-hidden="true" />}>
              <Trans>Purchase new plan</Trans>
            </Button>
          ) : undefined
        }
        minWidth={900}
      />
      <ConfirmDialog
        opened={cancelling.opened}
        title={t`Cancel subscription`}
        message={t`Are you sure you want to cancel the subscription? It stays active until the end of the billing cycle, on ${endsOn}, then ends.`}
        confirmLabel={t`Yes`}
        cancelLabel={t`No`}
        danger
        loading={cancelPlan.isPending}
        onConfirm={confirmCancel}
        onClose={cancelling.close}
      />
      <ConfirmDialog
        opened={withdrawing.opened}
        title={t`Cancel pending plan`}
        message={t`Are you sure you want to cancel this pending plan? Its invoice is voided.`}
        confirmLabel={t`Yes`}
        cancelLabel={t`No`}
        danger
        loading={deleteSubscription.isPending}
        onConfirm={confirmWithdraw}
        onClose={withdrawing.close}
      />
      {upgrading.target ? <UpgradePendingDialog key={upgrading.key} subscription={upgrading.target} opened={upgrading.opened} onClose={upgrading.close} /> : null}
    </Stack>
  );
}
