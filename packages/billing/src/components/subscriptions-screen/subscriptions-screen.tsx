import { Alert, Loader, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleX, IconPencil } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { Schema } from '@portal/api-client';
import { problemText } from '@portal/auth';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, FormDialog, notify, RowAction, useDialogState, useServerTable } from '@portal/ui-kit';
import { usePublishedPlans } from '../../api/purchase/get-published-plans';
import { useCancelPlan } from '../../api/subscriptions/cancel-plan';
import { useChangePlan } from '../../api/subscriptions/change-plan';
import { useDeleteSubscription } from '../../api/subscriptions/delete-subscription';
import { useEditPurchasedPlan } from '../../api/subscriptions/edit-purchased-plan';
import { useSubscriptions } from '../../api/subscriptions/get-subscriptions';
import { usePlanChangeQuote } from '../../api/subscriptions/preview-plan-change';
import { billingCycleLabels, endingStatus, LabelledBadge, paymentModeLabels, productLabels, subscriptionStatuses, Translated } from '../../utils/billing-labels';

type Subscription = Schema<'Subscription'>;

export type SubscriptionsScreenProps = {
  /** current: Current plans (billing/plan); pending: Pending plans (billing/pending). */
  state: 'current' | 'pending';
};

const LICENCES = { min: 1, max: 500 };

function Day({ value }: { value: string | null }) {
  const format = useDateFormat();
  return value ? <time dateTime={value}>{format.date(value)}</time> : <>—</>;
}

function useMoney() {
  const { i18n } = useLingui();
  return (amount: number | null, currency: string) => (amount === null ? '—' : formatMoney(amount, currency, i18n.locale));
}

function Amount({ amount, currency }: { amount: number | null; currency: string }) {
  return <>{useMoney()(amount, currency)}</>;
}

function Product({ value }: { value: string }) {
  const label = productLabels[value];
  return label ? <Translated message={label} /> : <>{value}</>;
}

/** What a licence change costs, as the server prorates it to the second, before it is saved. */
function ChangeQuote({ subscription, change }: { subscription: Subscription; change: { licenses: number; planId: string | null; billingCycle: Subscription['billingCycle'] } }) {
  const { licenses } = change;
  const otherPlan = (change.planId !== null && change.planId !== subscription.planId) || change.billingCycle !== subscription.billingCycle;
  const { t, i18n } = useLingui();
  const money = useMoney();
  const format = useDateFormat();
  const valid = Number.isInteger(licenses) && licenses >= LICENCES.min && licenses <= LICENCES.max && (otherPlan || licenses !== subscription.licenses);
  const quote = usePlanChangeQuote(subscription.id, otherPlan ? { licenses, billingCycle: change.billingCycle, ...(change.planId ? { planId: change.planId } : {}) } : { licenses }, valid);
  if (!valid) return null;
  if (quote.isPending) return <Loader size="sm" aria-label={t`Computing the price`} />;
  if (quote.isError) return <Alert color="red">{problemText(quote.error, i18n)}</Alert>;
  const q = quote.data;
  const days = Math.round(q.remainingSeconds / 86_400);
  return (
    <Alert color="blue" role="status" title={t`Before you confirm`}>
      {q.immediate ? (
        <Stack gap={4}>
          <Text size="sm">
            <Trans>
              Charged now: {money(q.total, q.currency)} for the {days} days left in this billing cycle ({money(q.charge, q.currency)} for the new licences, less {money(q.credit, q.currency)} unused).
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>Next invoice amount: {money(q.nextInvoiceAmount, q.currency)}</Trans>
          </Text>
        </Stack>
      ) : (
        <Text size="sm">
          <Trans>
            Nothing is charged now. From {format.date(q.effectiveAt)}, at the end of the billing cycle, the next invoice amount is {money(q.nextInvoiceAmount, q.currency)}.
          </Trans>
        </Text>
      )}
    </Alert>
  );
}

function EditPlanDialog({ subscription, opened, onClose }: { subscription: Subscription | null; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [licenses, setLicenses] = useState<number>(subscription?.licenses ?? 1);
  const [planId, setPlanId] = useState<string | null>(subscription?.planId ?? null);
  const [billingCycle, setBillingCycle] = useState<Subscription['billingCycle']>(subscription?.billingCycle ?? 'monthly');
  const [debounced] = useDebouncedValue(licenses, 300);
  const edit = useEditPurchasedPlan();
  const change = useChangePlan();
  const plans = usePublishedPlans();
  const otherPlan = (planId !== null && planId !== subscription?.planId) || billingCycle !== subscription?.billingCycle;
  const chosen = plans.data?.items.find((plan) => plan.id === planId);
  const cycles = [...new Set(chosen?.prices.filter((price) => price.currency === subscription?.currency).map((price) => price.billingCycle) ?? [subscription?.billingCycle ?? 'monthly'])];
  const money = useMoney();
  const outOfRange = !Number.isInteger(licenses) || licenses < LICENCES.min || licenses > LICENCES.max;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subscription || outOfRange) return;
    const done = {
        onSuccess: (result: Schema<'ChangeResult'>) => {
          onClose();
          if (result.redirectUrl) {
            window.location.assign(result.redirectUrl);
            return;
          }
          if (result.invoice && result.invoice.status === 'open') notify.info(t`Invoice ${result.invoice.number} of ${money(result.invoice.total, result.invoice.currency)} is waiting for payment; the licences change once it is paid.`);
          else notify.success(t`Edited successfully`);
        },
      };
    if (otherPlan) change.mutate({ subscriptionId: subscription.id, change: { licenses, billingCycle, ...(planId ? { planId } : {}) } }, done);
    else edit.mutate({ subscriptionId: subscription.id, changes: { licenses } }, done);
  };
  return (
    <FormDialog opened={opened} title={t`Edit Plan`} submitLabel={t`Save`} loading={edit.isPending || change.isPending} submitDisabled={outOfRange || (!otherPlan && licenses === subscription?.licenses)} onSubmit={submit} onClose={onClose}>
      {subscription ? (
        <Stack gap="md">
          <Text size="sm">
            {subscription.product} · {subscription.plan}
          </Text>
          <Select
            label={t`Plan`}
            data={(plans.data?.items ?? []).filter((plan) => plan.prices.some((price) => price.currency === subscription.currency)).map((plan) => ({ value: plan.id, label: `${plan.productName} · ${plan.name}` }))}
            value={planId}
            onChange={(value) => {
              setPlanId(value);
              setBillingCycle(subscription.billingCycle);
            }}
            placeholder={subscription.plan}
          />
          <Select
            label={t`Billing cycle`}
            data={cycles.map((value) => ({ value, label: i18n._(billingCycleLabels[value]) }))}
            value={billingCycle}
            onChange={(value) => value && setBillingCycle(value as Subscription['billingCycle'])}
            allowDeselect={false}
          />
          <NumberInput
            label={t`License`}
            value={licenses}
            onChange={(value) => setLicenses(typeof value === 'number' ? value : Number(value))}
            min={LICENCES.min}
            max={LICENCES.max}
            allowDecimal={false}
            error={outOfRange ? t`Choose 1 to 500 licences.` : null}
          />
          <ChangeQuote subscription={subscription} change={{ licenses: debounced, planId, billingCycle }} />
        </Stack>
      ) : null}
    </FormDialog>
  );
}

const column = createDataTableColumnHelper<Subscription>();

const currentColumns = column.columns([
  column.accessor('product', { header: () => <Trans>Product</Trans>, enableSorting: false, cell: ({ getValue }) => <Product value={getValue()} /> }),
  column.accessor('plan', { header: () => <Trans>Plan</Trans>, enableSorting: false }),
  column.accessor('licenses', { header: () => <Trans>License</Trans>, enableSorting: false }),
  column.accessor('billingCycle', { header: () => <Trans>Billing cycle</Trans>, enableSorting: false, cell: ({ getValue }) => <Translated message={billingCycleLabels[getValue()]} /> }),
  column.accessor('status', { header: () => <Trans>Status</Trans>, enableSorting: false, cell: ({ row }) => <Status subscription={row.original} /> }),
  column.accessor('effectiveDate', { header: () => <Trans>Subscription Effective Date</Trans>, enableSorting: false, cell: ({ getValue }) => <Day value={getValue()} /> }),
  column.accessor('nextInvoiceDate', { header: () => <Trans>Next Invoice Date</Trans>, enableSorting: false, cell: ({ getValue }) => <Day value={getValue()} /> }),
  column.accessor('nextInvoiceAmount', { header: () => <Trans>Next Invoice Amount</Trans>, enableSorting: false, cell: ({ row }) => <Amount amount={row.original.nextInvoiceAmount} currency={row.original.currency} /> }),
]);

const pendingColumns = column.columns([
  column.accessor('plan', { header: () => <Trans>Plan</Trans>, enableSorting: false }),
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
  const editing = useDialogState<Subscription>();
  const cancelling = useDialogState<Subscription>();
  const withdrawing = useDialogState<Subscription>();
  const cancelPlan = useCancelPlan();
  const deleteSubscription = useDeleteSubscription();

  const confirmCancel = () => {
    if (!cancelling.target) return;
    cancelPlan.mutate(cancelling.target.id, {
      onSuccess: () => {
        notify.success(t`Subscription cancelled. It ends at the end of the billing cycle.`);
        cancelling.close();
      },
      onError: () => cancelling.close(),
    });
  };
  const confirmWithdraw = () => {
    if (!withdrawing.target) return;
    deleteSubscription.mutate(withdrawing.target.id, {
      onSuccess: () => {
        notify.success(t`Pending plan cancelled`);
        withdrawing.close();
      },
      onError: () => withdrawing.close(),
    });
  };

  const rowActions = (subscription: Subscription) => {
    if (state === 'pending') {
      return subscription.status === 'pending' ? <RowAction label={t`Cancel`} color="red" icon={<IconCircleX size={18} aria-hidden="true" />} onClick={() => withdrawing.open(subscription)} /> : null;
    }
    if (subscription.status !== 'active' || subscription.cancelAtPeriodEnd) return null;
    return (
      <>
        <RowAction label={t`Edit Plan`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => editing.open(subscription)} />
        <RowAction label={t`Cancel`} color="red" icon={<IconCircleX size={18} aria-hidden="true" />} onClick={() => cancelling.open(subscription)} />
      </>
    );
  };

  const endsOn = cancelling.target?.currentPeriodEnd ? format.date(cancelling.target.currentPeriodEnd) : '';
  return (
    <Stack gap="md">
      <Title order={2}>{state === 'current' ? <Trans>Current Plans</Trans> : <Trans>Pending Plans</Trans>}</Title>
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
        minWidth={900}
      />
      <EditPlanDialog key={editing.key} subscription={editing.target} opened={editing.opened} onClose={editing.close} />
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
    </Stack>
  );
}
