import { Alert, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import type { Schema } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { formatMoney } from '@portal/i18n';
import { FormDialog, notify } from '@portal/ui-kit';
import { usePublishedPlans } from '../../api/purchase/get-published-plans';
import { usePurchaseQuote } from '../../api/purchase/validate-purchase-request';
import { useUpgradePendingPlan } from '../../api/subscriptions/upgrade-pending-plan';
import { keepOffered, offeredBundles } from '../../utils/bundles';
import { purchaseProblemText } from '../../utils/purchase-problems';
import { BundleChoice } from '../bundle-choice';
import { PendingTotalNotice } from '../pending-total-notice';

type Subscription = Schema<'Subscription'>;
type Plan = Schema<'Plan'>;

export type UpgradePendingDialogProps = {
  /** A pending plan (waiting for its first payment). */
  subscription: Subscription;
  opened: boolean;
  onClose: () => void;
};

/** Spec constant: the licence list runs from 1 to 500. */
const MAX_LICENCES = 500;

const priceOf = (plan: Plan, subscription: Subscription) => plan.prices.find((price) => price.currency === subscription.currency && price.billingCycle === subscription.billingCycle)?.amount;

/**
 * Upgrade of a pending plan (spec Pending plans, Upgrade): a plan of the same product at no lower
 * price in the same currency and cycle, no fewer licences, and its bundles; the server's new total
 * shows before it is confirmed. Confirming replaces the purchase: its invoice is voided and a new
 * one waits for payment (a card payment opens the provider's page again).
 */
export function UpgradePendingDialog({ subscription, opened, onClose }: UpgradePendingDialogProps) {
  const { t, i18n } = useLingui();
  const published = usePublishedPlans();
  const upgrade = useUpgradePendingPlan();
  const plans = useMemo(() => published.data?.items ?? [], [published.data]);
  const current = plans.find((plan) => plan.id === subscription.planId);
  // Plans of the same product (by id when the pending plan is still on sale, else by name) priced no lower.
  const choices = useMemo(
    () =>
      plans.filter((plan) => {
        const price = priceOf(plan, subscription);
        const sameProduct = current ? plan.productId === current.productId : plan.productName === subscription.product;
        return sameProduct && !plan.productIsBundle && price !== undefined && price >= subscription.unitAmount;
      }),
    [plans, current, subscription],
  );
  const [planId, setPlanId] = useState<string | null>(subscription.planId);
  const [licenses, setLicenses] = useState<string>(String(subscription.licenses));
  const [chosenBundles, setChosenBundles] = useState<string[]>(subscription.bundles.flatMap((bundle) => (bundle.planId ? [bundle.planId] : [])));
  const plan = choices.find((candidate) => candidate.id === planId);
  const offered = useMemo(() => offeredBundles(plans, planId, subscription.billingCycle, subscription.currency), [plans, planId, subscription]);
  const bundleKey = keepOffered(chosenBundles, offered).join(',');
  // No fewer licences than the pending plan's, nor than the chosen plan's minimum users.
  const minLicences = Math.max(subscription.licenses, plan?.minUsers ?? 1);
  const maxLicences = Math.min(plan?.maxUsers ?? MAX_LICENCES, MAX_LICENCES);
  const licenceOptions = Array.from({ length: Math.max(0, maxLicences - minLicences + 1) }, (_, n) => String(minLicences + n));
  // One object per choice (not per render), so the debounced quote settles.
  const request = useMemo(
    () => (plan ? { planId: plan.id, licenses: Number(licenses), billingCycle: subscription.billingCycle, currency: subscription.currency, bundlePlanIds: bundleKey ? bundleKey.split(',') : [] } : null),
    [plan, licenses, subscription.billingCycle, subscription.currency, bundleKey],
  );
  const bundlePlanIds = request?.bundlePlanIds ?? [];
  const [debounced] = useDebouncedValue(request, 300);
  const quote = usePurchaseQuote(debounced);
  const money = (amount: number) => formatMoney(amount, subscription.currency, i18n.locale);
  const upgrades = quote.data !== undefined && quote.data.total > (subscription.nextInvoiceAmount ?? 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    upgrade.mutate(
      { subscriptionId: subscription.id, upgrade: { planId: request.planId, licenses: request.licenses, bundlePlanIds: request.bundlePlanIds } },
      {
        onSuccess: (result) => {
          if (result.redirectUrl) {
            window.location.assign(result.redirectUrl);
            return;
          }
          notify.success(t`Pending plan upgraded. Invoice ${result.invoice.number} of ${money(result.invoice.total)} is waiting for payment.`);
          onClose();
        },
      },
    );
  };

  let preview = null;
  if (published.isPending) preview = <Loader size="sm" aria-label={t`Loading`} />;
  else if (published.isError) preview = <Alert color="red">{problemText(published.error, i18n)}</Alert>;
  else if (choices.length === 0) {
    preview = (
      <Alert color="yellow">
        <Trans>No plan of this product can be bought now.</Trans>
      </Alert>
    );
  } else if (request && quote.isFetching) preview = <Loader size="sm" aria-label={t`Computing the price`} />;
  else if (quote.isError) preview = <Alert color="red">{purchaseProblemText(quote.error, i18n)}</Alert>;
  else if (quote.data) {
    preview = (
      <PendingTotalNotice total={quote.data.total} previousTotal={subscription.nextInvoiceAmount ?? 0} currency={subscription.currency}>
        {upgrades ? null : (
          <Text size="sm">
            <Trans>Choose a higher plan, more licences or more bundles.</Trans>
          </Text>
        )}
      </PendingTotalNotice>
    );
  }

  return (
    <FormDialog opened={opened} title={t`Upgrade`} submitLabel={t`Upgrade`} loading={upgrade.isPending} submitDisabled={!request || !upgrades || quote.isFetching} onSubmit={submit} onClose={onClose}>
      <Stack gap="md">
        <Text size="sm">
          {subscription.product} · {subscription.plan}
        </Text>
        <Select
          label={t`Plan`}
          data={choices.map((candidate) => ({ value: candidate.id, label: `${candidate.productName} · ${candidate.name}` }))}
          value={plan ? planId : null}
          onChange={(value) => {
            setPlanId(value);
            const chosen = choices.find((candidate) => candidate.id === value);
            if (chosen && Number(licenses) < chosen.minUsers) setLicenses(String(chosen.minUsers));
          }}
          allowDeselect={false}
        />
        <Select label={t`License`} data={licenceOptions} value={licenses} onChange={(value) => value && setLicenses(value)} allowDeselect={false} searchable />
        <BundleChoice offered={offered} cycle={subscription.billingCycle} currency={subscription.currency} value={bundlePlanIds} onChange={setChosenBundles} />
        {preview}
        {upgrade.isError ? <Alert color="red">{purchaseProblemText(upgrade.error, i18n)}</Alert> : null}
      </Stack>
    </FormDialog>
  );
}
