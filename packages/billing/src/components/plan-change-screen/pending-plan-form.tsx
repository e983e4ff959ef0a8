import { Alert, Button, Group, Loader, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Schema } from '@portal/api-client';
import { notify } from '@portal/ui-kit';
import { usePublishedPlans } from '../../api/purchase/get-published-plans';
import { usePurchaseQuote } from '../../api/purchase/validate-purchase-request';
import { useEditPurchasedPlan } from '../../api/subscriptions/edit-purchased-plan';
import { PENDING_PLANS_PATH } from '../../routes/billing-paths';
import { keepOffered, offeredBundles } from '../../utils/bundles';
import { purchaseProblemText } from '../../utils/purchase-problems';
import { BundleChoice } from '../bundle-choice';
import { PendingTotalNotice } from '../pending-total-notice';

type Subscription = Schema<'Subscription'>;

/** Spec constant: the licence list runs from 1 to 500. */
const LICENCES = { min: 1, max: 500 };
const PENDING_PLANS = `/${PENDING_PLANS_PATH}`;

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Edit Plan of a pending plan (spec Pending plans, Edit Plan): what is not paid yet, on the same
 * plan: licences (the plan's users, 1 to 500), bundles (those the plan links) and auto renewal. The
 * server's new total shows before Save; new licences or bundles void the pending invoice and issue
 * one with that total (a card payment opens the provider's page again), then Pending plans opens.
 */
export function PendingPlanForm({ subscription }: { subscription: Subscription }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const published = usePublishedPlans();
  const edit = useEditPurchasedPlan();
  const plans = useMemo(() => published.data?.items ?? [], [published.data]);
  const plan = plans.find((candidate) => candidate.id === subscription.planId);
  const offered = useMemo(() => offeredBundles(plans, subscription.planId, subscription.billingCycle, subscription.currency), [plans, subscription]);
  const currentBundles = useMemo(() => subscription.bundles.flatMap((bundle) => (bundle.planId ? [bundle.planId] : [])), [subscription.bundles]);
  const [licenses, setLicenses] = useState<number>(subscription.licenses);
  const [autoRenewal, setAutoRenewal] = useState(subscription.autoRenewal);
  const [chosenBundles, setChosenBundles] = useState<string[]>(currentBundles);
  const bundlePlanIds = keepOffered(chosenBundles, offered);
  const min = Math.max(LICENCES.min, plan?.minUsers ?? LICENCES.min);
  const max = Math.min(LICENCES.max, plan?.maxUsers ?? LICENCES.max);
  const outOfRange = !Number.isInteger(licenses) || licenses < LICENCES.min || licenses > LICENCES.max;
  const bundlesChanged = !sameIds(bundlePlanIds, currentBundles);
  const repriced = licenses !== subscription.licenses || bundlesChanged;
  const unchanged = !repriced && autoRenewal === subscription.autoRenewal;
  const bundleKey = bundlePlanIds.join(',');
  // One object per choice (not per render), so the debounced quote settles.
  const request = useMemo(
    () =>
      repriced && !outOfRange && subscription.planId
        ? { planId: subscription.planId, licenses, billingCycle: subscription.billingCycle, currency: subscription.currency, bundlePlanIds: bundleKey ? bundleKey.split(',') : [] }
        : null,
    [repriced, outOfRange, subscription.planId, subscription.billingCycle, subscription.currency, licenses, bundleKey],
  );
  const [debounced] = useDebouncedValue(request, 300);
  const quote = usePurchaseQuote(debounced);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outOfRange || unchanged) return;
    const changes: Schema<'EditPurchasedPlan'> = {
      ...(licenses !== subscription.licenses ? { licenses } : {}),
      ...(bundlesChanged ? { bundlePlanIds } : {}),
      ...(autoRenewal !== subscription.autoRenewal ? { autoRenewal } : {}),
    };
    edit.mutate(
      { subscriptionId: subscription.id, changes },
      {
        onSuccess: (result) => {
          if (result.redirectUrl) {
            window.location.assign(result.redirectUrl);
            return;
          }
          notify.success(t`Edited successfully`);
          void navigate(PENDING_PLANS);
        },
      },
    );
  };

  let preview = null;
  if (published.isPending) preview = <Loader size="sm" aria-label={t`Loading`} />;
  else if (request && (quote.isFetching || debounced !== request)) preview = <Loader size="sm" aria-label={t`Computing the price`} />;
  else if (request && quote.isError) preview = <Alert color="red">{purchaseProblemText(quote.error, i18n)}</Alert>;
  else if (request && quote.data) {
    preview = <PendingTotalNotice total={quote.data.total} previousTotal={subscription.nextInvoiceAmount ?? 0} currency={subscription.currency} />;
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {subscription.product} · {subscription.plan}
        </Text>
        <NumberInput
          label={t`License`}
          value={licenses}
          onChange={(value) => setLicenses(typeof value === 'number' ? value : Number(value))}
          min={min}
          max={max}
          allowDecimal={false}
          error={outOfRange ? t`Choose 1 to 500 licences.` : null}
        />
        <BundleChoice offered={offered} cycle={subscription.billingCycle} currency={subscription.currency} value={bundlePlanIds} onChange={setChosenBundles} />
        <Switch label={t`Auto renewal`} checked={autoRenewal} onChange={(event) => setAutoRenewal(event.currentTarget.checked)} />
        {preview}
        {edit.isError ? <Alert color="red">{purchaseProblemText(edit.error, i18n)}</Alert> : null}
        <Group>
          <Button variant="default" onClick={() => void navigate(PENDING_PLANS)}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" disabled={outOfRange || unchanged || (request !== null && (quote.isError || quote.isFetching))} loading={edit.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
