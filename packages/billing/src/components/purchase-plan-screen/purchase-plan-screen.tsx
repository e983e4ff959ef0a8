import { Alert, Button, Checkbox, Group, Loader, Select, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Schema } from '@portal/api-client';
import { useSessionStore } from '@portal/auth';
import { problemText } from '@portal/forms';
import { usePublishedPlans } from '../../api/purchase/get-published-plans';
import { useValidatePurchaseRequest } from '../../api/purchase/validate-purchase-request';
import { PAYMENT_REVIEW_PATH, PURCHASE_PLAN_PATH } from '../../routes/billing-paths';
import { billingCycleLabels } from '../../utils/billing-labels';
import { keepOffered, offeredBundles } from '../../utils/bundles';
import { BundleChoice } from '../bundle-choice';
import { purchaseProblemText } from '../../utils/purchase-problems';
import { purchaseChoices, purchaseQuery } from '../../utils/purchase-query';

type Plan = Schema<'Plan'>;
type Cycle = Schema<'PurchaseRequest'>['billingCycle'];

/** Spec constant: the licence list runs from 1 to 500. */
const LICENCE_OPTIONS = Array.from({ length: 500 }, (_, n) => String(n + 1));

/**
 * The plan purchase (spec 'Plan purchase'): the purchase details, then Save and Continue (the
 * server checks them) opens the payment review (payment-review) with the purchase in its address.
 * Coming back from the review (Back, or the browser's back) shows the same choices. The
 * subscription becomes active only once the payment is confirmed, never because the browser comes back.
 */
export function PurchasePlanScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const plans = usePublishedPlans();
  const selectedPlan = useSessionStore((state) => state.selectedPlan);
  // Choices in the address (back from the review) come first, then the plan chosen on the plans page.
  const [initial] = useState(() => purchaseChoices(query));
  const [planId, setPlanId] = useState<string | null>(initial.planId ?? selectedPlan);
  const [licenses, setLicenses] = useState<string | null>(initial.licenses ?? '1');
  const [cycle, setCycle] = useState<Cycle | null>(initial.billingCycle);
  const [currency, setCurrency] = useState<string | null>(initial.currency);
  const [chosenBundles, setChosenBundles] = useState<string[]>(initial.bundlePlanIds);
  const [autoRenewal, setAutoRenewal] = useState(initial.autoRenewal);
  const validate = useValidatePurchaseRequest();

  const plan: Plan | undefined = plans.data?.items.find((candidate) => candidate.id === planId);
  const cycles = useMemo(() => [...new Set(plan?.prices.map((price) => price.billingCycle) ?? [])], [plan]);
  const currencies = useMemo(() => [...new Set(plan?.prices.filter((price) => price.billingCycle === cycle).map((price) => price.currency) ?? [])], [plan, cycle]);
  const offered = useMemo(() => offeredBundles(plans.data?.items ?? [], planId, cycle, currency), [plans.data, planId, cycle, currency]);
  // Only bundles the current plan, cycle and currency offer are sent (another choice drops the others).
  const bundlePlanIds = keepOffered(chosenBundles, offered);
  const request = planId && licenses && cycle && currency ? { planId, licenses: Number(licenses), billingCycle: cycle, currency, ...(bundlePlanIds.length > 0 ? { bundlePlanIds } : {}), autoRenewal } : null;

  const saveAndContinue = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const chosen = purchaseQuery(request).toString();
    // This page's address takes the choices first, so the browser's back from the review shows them again.
    const review = async () => {
      await navigate(`${PURCHASE_PLAN_PATH}?${chosen}`, { replace: true });
      await navigate(`/${PAYMENT_REVIEW_PATH}?${chosen}`);
    };
    validate.mutate(request, { onSuccess: () => void review() });
  };

  if (plans.isPending || plans.isError) {
    return (
      <Stack gap="md" maw={480}>
        <Title order={2}>
          <Trans>Purchase Plan</Trans>
        </Title>
        {plans.isError ? <Alert color="red">{problemText(plans.error, i18n)}</Alert> : <Loader aria-label={t`Loading`} />}
      </Stack>
    );
  }

  return (
    <form onSubmit={saveAndContinue} noValidate>
      <Stack gap="md" maw={480}>
        <Title order={2}>
          <Trans>Purchase Plan</Trans>
        </Title>
        <Select
          label={t`Plan`}
          data={(plans.data?.items ?? []).map((candidate) => ({ value: candidate.id, label: `${candidate.productName} · ${candidate.name}` }))}
          value={planId}
          onChange={(value) => {
            setPlanId(value);
            setCycle(null);
            setCurrency(null);
          }}
          required
          searchable
        />
        <Select label={t`License`} data={LICENCE_OPTIONS} value={licenses} onChange={setLicenses} required searchable />
        <Select
          label={t`Billing cycle`}
          data={cycles.map((value) => ({ value, label: i18n._(billingCycleLabels[value]) }))}
          value={cycle}
          onChange={(value) => {
            setCycle(value);
            setCurrency(null);
          }}
          disabled={!plan}
          required
        />
        <Select label={t`Currency`} data={currencies} value={currency} onChange={setCurrency} disabled={!cycle} required />
        {cycle && currency ? <BundleChoice offered={offered} cycle={cycle} currency={currency} value={bundlePlanIds} onChange={setChosenBundles} /> : null}
        <Checkbox label={t`Auto renewal`} checked={autoRenewal} onChange={(event) => setAutoRenewal(event.currentTarget.checked)} />
        {validate.isError ? <Alert color="red">{purchaseProblemText(validate.error, i18n)}</Alert> : null}
        <Group>
          <Button type="submit" disabled={!request} loading={validate.isPending}>
            <Trans>Save and Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
