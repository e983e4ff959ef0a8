import { Alert, Button, Checkbox, Group, Loader, Radio, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Schema } from '@portal/api-client';
import { problemText, useSessionStore } from '@portal/auth';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { usePublishedPlans } from '../../api/purchase/get-published-plans';
import { usePurchasePlan } from '../../api/purchase/purchase-plan';
import { useValidatePurchaseRequest } from '../../api/purchase/validate-purchase-request';
import { PAYMENT_PROCESSING_PATH } from '../../routes/billing-paths';
import { billingCycleLabels, Translated } from '../../utils/billing-labels';
import { PROCESSING_QUERY } from '../payment-processing-screen';

type Plan = Schema<'Plan'>;
type Quote = Schema<'PurchaseQuote'>;
type Cycle = Quote['billingCycle'];

/** Spec constant: the licence list runs from 1 to 500. */
const LICENCE_OPTIONS = Array.from({ length: 500 }, (_, n) => String(n + 1));

/**
 * The plan purchase (spec 'Plan purchase'): the purchase details, Save and Continue (the server
 * checks them and answers the total), the payment review, and Proceed to pay. The subscription
 * becomes active only once the payment is confirmed, never because the browser comes back.
 */
export function PurchasePlanScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const format = useDateFormat();
  const plans = usePublishedPlans();
  const selectedPlan = useSessionStore((state) => state.selectedPlan);
  const [planId, setPlanId] = useState<string | null>(selectedPlan);
  const [licenses, setLicenses] = useState<string | null>('1');
  const [cycle, setCycle] = useState<Cycle | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [autoRenewal, setAutoRenewal] = useState(true);
  const [provider, setProvider] = useState<'manual' | 'stripe'>('manual');
  const [quote, setQuote] = useState<Quote | null>(null);
  const validate = useValidatePurchaseRequest();
  const purchase = usePurchasePlan();

  const plan: Plan | undefined = plans.data?.items.find((candidate) => candidate.id === planId);
  const cycles = useMemo(() => [...new Set(plan?.prices.map((price) => price.billingCycle) ?? [])], [plan]);
  const currencies = useMemo(() => [...new Set(plan?.prices.filter((price) => price.billingCycle === cycle).map((price) => price.currency) ?? [])], [plan, cycle]);
  const money = (amount: number, code: string) => formatMoney(amount, code, i18n.locale);
  const request = planId && licenses && cycle && currency ? { planId, licenses: Number(licenses), billingCycle: cycle, currency, autoRenewal, provider } : null;

  const saveAndContinue = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    validate.mutate(request, { onSuccess: setQuote });
  };
  const proceed = () => {
    if (!request) return;
    purchase.mutate(request, {
      onSuccess: (result) => {
        if (result.redirectUrl) {
          window.location.assign(result.redirectUrl);
          return;
        }
        const query = new URLSearchParams({ [PROCESSING_QUERY.invoice]: result.invoice.id, [PROCESSING_QUERY.number]: result.invoice.number });
        void navigate(`/${PAYMENT_PROCESSING_PATH}?${query.toString()}`);
      },
    });
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

  if (quote && request) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={2}>
          <Trans>Payment Review</Trans>
        </Title>
        <Table aria-label={t`Payment Review`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Plan</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>License</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Billing cycle</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Period</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Amount</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                {quote.product} · {quote.plan}
              </Table.Td>
              <Table.Td>{quote.licenses}</Table.Td>
              <Table.Td>
                <Translated message={billingCycleLabels[quote.billingCycle]} />
              </Table.Td>
              <Table.Td>
                {format.date(quote.periodStart)} – {format.date(quote.periodEnd)}
              </Table.Td>
              <Table.Td>{money(quote.subtotal, quote.currency)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text fw={700}>
          <Trans>Total: {money(quote.total, quote.currency)}</Trans>
        </Text>
        <Radio.Group label={t`Payment`} value={provider} onChange={(value) => setProvider(value as 'manual' | 'stripe')}>
          <Stack gap="xs" mt="xs">
            <Radio value="manual" label={t`Bank transfer`} />
            <Radio value="stripe" label={t`Card`} />
          </Stack>
        </Radio.Group>
        {purchase.isError ? <Alert color="red">{problemText(purchase.error, i18n)}</Alert> : null}
        <Group>
          <Button variant="default" onClick={() => setQuote(null)}>
            <Trans>Back</Trans>
          </Button>
          <Button onClick={proceed} loading={purchase.isPending}>
            <Trans>Proceed to pay</Trans>
          </Button>
        </Group>
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
            setCycle(value as Cycle | null);
            setCurrency(null);
          }}
          disabled={!plan}
          required
        />
        <Select label={t`Currency`} data={currencies} value={currency} onChange={setCurrency} disabled={!cycle} required />
        <Checkbox label={t`Auto renewal`} checked={autoRenewal} onChange={(event) => setAutoRenewal(event.currentTarget.checked)} />
        {validate.isError ? <Alert color="red">{problemText(validate.error, i18n)}</Alert> : null}
        <Group>
          <Button type="submit" disabled={!request} loading={validate.isPending}>
            <Trans>Save and Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
