import { Alert, Anchor, Button, Group, Loader, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Schema } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { usePublishedPlans } from '../../api/purchase/get-published-plans';
import { useChangePlan } from '../../api/subscriptions/change-plan';
import { useEditPurchasedPlan } from '../../api/subscriptions/edit-purchased-plan';
import { useSubscriptions } from '../../api/subscriptions/get-subscriptions';
import { usePlanChangeQuote } from '../../api/subscriptions/preview-plan-change';
import { CURRENT_PLANS_PATH, SUBSCRIPTION_QUERY } from '../../routes/billing-paths';
import { billingCycleLabels } from '../../utils/billing-labels';
import { keepOffered, offeredBundles } from '../../utils/bundles';
import { purchaseProblemText } from '../../utils/purchase-problems';
import { BundleChoice } from '../bundle-choice';
import { PendingPlanForm } from './pending-plan-form';

type Subscription = Schema<'Subscription'>;
type Cycle = Subscription['billingCycle'];
/** `bundlePlanIds` null: the bundles are left as they are (the server keeps those the plan offers). */
type Change = { licenses: number; planId: string | null; billingCycle: Cycle; bundlePlanIds: string[] | null };

export type PlanChangeScreenProps = {
  /** edit: Edit purchased plan (edit-plan, its licences); change: Change purchased plan (change-plan: plan, billing cycle and licences). */
  mode: 'edit' | 'change';
};

/** Spec constant: the licence list runs from 1 to 500. */
const LICENCES = { min: 1, max: 500 };
const CURRENT_PLANS = `/${CURRENT_PLANS_PATH}`;

function useMoney() {
  const { i18n } = useLingui();
  return (amount: number, currency: string) => formatMoney(amount, currency, i18n.locale);
}

/** What a change costs, as the server prorates it to the second, before it is saved. */
function ChangeQuote({ subscription, change }: { subscription: Subscription; change: Change }) {
  const { licenses } = change;
  const otherPlan = (change.planId !== null && change.planId !== subscription.planId) || change.billingCycle !== subscription.billingCycle || change.bundlePlanIds !== null;
  const { t, i18n } = useLingui();
  const money = useMoney();
  const format = useDateFormat();
  const valid = Number.isInteger(licenses) && licenses >= LICENCES.min && licenses <= LICENCES.max && (otherPlan || licenses !== subscription.licenses);
  const quote = usePlanChangeQuote(
    subscription.id,
    otherPlan ? { licenses, billingCycle: change.billingCycle, ...(change.planId ? { planId: change.planId } : {}), ...(change.bundlePlanIds ? { bundlePlanIds: change.bundlePlanIds } : {}) } : { licenses },
    valid,
  );
  if (!valid) return null;
  if (quote.isPending) return <Loader size="sm" aria-label={t`Computing the price`} />;
  if (quote.isError) return <Alert color="red">{purchaseProblemText(quote.error, i18n)}</Alert>;
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

function PlanChangeForm({ mode, subscription }: { mode: PlanChangeScreenProps['mode']; subscription: Subscription }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const money = useMoney();
  const [licenses, setLicenses] = useState<number>(subscription.licenses);
  const [planId, setPlanId] = useState<string | null>(subscription.planId);
  const [billingCycle, setBillingCycle] = useState<Cycle>(subscription.billingCycle);
  // null until the bundles are touched: a change of plan alone keeps those the new plan offers.
  const [bundles, setBundles] = useState<string[] | null>(null);
  const [debounced] = useDebouncedValue(licenses, 300);
  const edit = useEditPurchasedPlan();
  const change = useChangePlan();
  const plans = usePublishedPlans();
  const offered = offeredBundles(plans.data?.items ?? [], planId ?? subscription.planId, billingCycle, subscription.currency);
  const currentBundles = subscription.bundles.flatMap((bundle) => (bundle.planId ? [bundle.planId] : []));
  const bundlePlanIds = mode === 'change' && bundles !== null ? keepOffered(bundles, offered) : null;
  const otherPlan = mode === 'change' && ((planId !== null && planId !== subscription.planId) || billingCycle !== subscription.billingCycle || bundlePlanIds !== null);
  const chosen = plans.data?.items.find((plan) => plan.id === planId);
  const cycles = [...new Set(chosen?.prices.filter((price) => price.currency === subscription.currency).map((price) => price.billingCycle) ?? [subscription.billingCycle])];
  const outOfRange = !Number.isInteger(licenses) || licenses < LICENCES.min || licenses > LICENCES.max;
  const unchanged = !otherPlan && licenses === subscription.licenses;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outOfRange || unchanged) return;
    const done = {
      onSuccess: (result: Schema<'ChangeResult'>) => {
        if (result.redirectUrl) {
          window.location.assign(result.redirectUrl);
          return;
        }
        if (result.invoice && result.invoice.status === 'open') notify.info(t`Invoice ${result.invoice.number} of ${money(result.invoice.total, result.invoice.currency)} is waiting for payment; the licences change once it is paid.`);
        else notify.success(t`Edited successfully`);
        void navigate(CURRENT_PLANS);
      },
    };
    if (otherPlan) change.mutate({ subscriptionId: subscription.id, change: { licenses, billingCycle, ...(planId ? { planId } : {}), ...(bundlePlanIds ? { bundlePlanIds } : {}) } }, done);
    else edit.mutate({ subscriptionId: subscription.id, changes: { licenses } }, done);
  };
  const failure = edit.error ?? change.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {subscription.product} · {subscription.plan}
        </Text>
        {mode === 'change' ? (
          <>
            <Select
              label={t`Plan`}
              data={(plans.data?.items ?? []).filter((plan) => plan.prices.some((price) => price.currency === subscription.currency)).map((plan) => ({ value: plan.id, label: `${plan.productName} · ${plan.name}` }))}
              value={planId}
              onChange={(value) => {
                setPlanId(value);
                setBillingCycle(subscription.billingCycle);
                setBundles(null);
              }}
              placeholder={subscription.plan}
            />
            <Select
              label={t`Billing cycle`}
              data={cycles.map((value) => ({ value, label: i18n._(billingCycleLabels[value]) }))}
              value={billingCycle}
              onChange={(value) => value && setBillingCycle(value)}
              allowDeselect={false}
            />
            <BundleChoice offered={offered} cycle={billingCycle} currency={subscription.currency} value={bundlePlanIds ?? keepOffered(currentBundles, offered)} onChange={setBundles} />
          </>
        ) : null}
        <NumberInput
          label={t`License`}
          value={licenses}
          onChange={(value) => setLicenses(typeof value === 'number' ? value : Number(value))}
          min={LICENCES.min}
          max={LICENCES.max}
          allowDecimal={false}
          error={outOfRange ? t`Choose 1 to 500 licences.` : null}
        />
        <ChangeQuote subscription={subscription} change={{ licenses: debounced, planId: mode === 'change' ? planId : subscription.planId, billingCycle: mode === 'change' ? billingCycle : subscription.billingCycle, bundlePlanIds }} />
        {failure ? <Alert color="red">{problemText(failure, i18n)}</Alert> : null}
        <Group>
          <Button variant="default" onClick={() => void navigate(CURRENT_PLANS)}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" disabled={outOfRange || unchanged} loading={edit.isPending || change.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Edit purchased plan (edit-plan) and Change purchased plan (change-plan) of one of the tenant's
 * current plans, named by `?subscription=`: the change's prorated price is shown before it is
 * saved, then Current plans opens again. Edit plan of a pending plan (not paid yet) edits its
 * licences, bundles and auto renewal instead (PendingPlanForm), then Pending plans opens again.
 */
export function PlanChangeScreen({ mode }: PlanChangeScreenProps) {
  const { t, i18n } = useLingui();
  const [query] = useSearchParams();
  const subscriptionId = query.get(SUBSCRIPTION_QUERY);
  // Edit plan opens from Current plans and from Pending plans.
  const subscriptions = useSubscriptions({ state: mode === 'edit' ? 'all' : 'current', limit: 100 });
  const subscription = subscriptions.data?.items.find((candidate) => candidate.id === subscriptionId);
  const pending = mode === 'edit' && subscription?.status === 'pending';
  const editable = subscription && subscription.status === 'active' && !subscription.cancelAtPeriodEnd;

  let body;
  if (subscriptions.isPending) body = <Loader aria-label={t`Loading`} />;
  else if (subscriptions.isError) {
    body = (
      <>
        <Alert color="red">{problemText(subscriptions.error, i18n)}</Alert>
        <Group>
          <Button variant="default" onClick={() => void subscriptions.refetch()}>
            <Trans>Retry</Trans>
          </Button>
        </Group>
      </>
    );
  } else if (pending) body = <PendingPlanForm key={subscription.id} subscription={subscription} />;
  else if (!editable) {
    body = (
      <>
        <Alert color="yellow">
          <Trans>This plan is not one of your current plans, or it can no longer be changed.</Trans>
        </Alert>
        <Anchor component={Link} to={CURRENT_PLANS}>
          <Trans>Current Plans</Trans>
        </Anchor>
      </>
    );
  } else body = <PlanChangeForm key={subscription.id} mode={mode} subscription={subscription} />;

  return (
    <Stack gap="md" maw={520} p="md">
      <Title order={2}>{mode === 'edit' ? <Trans>Edit Plan</Trans> : <Trans>Change Plan</Trans>}</Title>
      {body}
    </Stack>
  );
}
