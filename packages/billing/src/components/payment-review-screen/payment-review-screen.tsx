import { Alert, Button, Group, Loader, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoney, useDateFormat } from '@portal/i18n';
import { usePurchasePlan } from '../../api/purchase/purchase-plan';
import { usePurchaseQuote } from '../../api/purchase/validate-purchase-request';
import { PAYMENT_PROCESSING_PATH, PURCHASE_PLAN_PATH } from '../../routes/billing-paths';
import { billingCycleLabels, Translated } from '../../utils/billing-labels';
import { purchaseProblemText } from '../../utils/purchase-problems';
import { purchaseFromQuery, purchaseQuery } from '../../utils/purchase-query';
import { PROCESSING_QUERY } from '../payment-processing-screen';

type Provider = 'manual' | 'stripe';

/**
 * Payment review (spec 'Plan purchase'): the purchase in the address, priced again by the server,
 * the payment method, and Proceed to pay. Back returns to the purchase details with the same
 * choices; a reload shows the same review.
 */
export function PaymentReviewScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const format = useDateFormat();
  const [query] = useSearchParams();
  const request = useMemo(() => purchaseFromQuery(query), [query]);
  const [provider, setProvider] = useState<Provider>(request?.provider ?? 'manual');
  const quote = usePurchaseQuote(request ? { ...request, provider: undefined } : null);
  const purchase = usePurchasePlan();
  const money = (amount: number, code: string) => formatMoney(amount, code, i18n.locale);

  const back = () => {
    void navigate(request ? `${PURCHASE_PLAN_PATH}?${purchaseQuery(request).toString()}` : PURCHASE_PLAN_PATH);
  };
  const proceed = () => {
    if (!request) return;
    purchase.mutate(
      { ...request, provider },
      {
        onSuccess: (result) => {
          if (result.redirectUrl) {
            window.location.assign(result.redirectUrl);
            return;
          }
          const processing = new URLSearchParams({ [PROCESSING_QUERY.invoice]: result.invoice.id, [PROCESSING_QUERY.number]: result.invoice.number });
          void navigate(`/${PAYMENT_PROCESSING_PATH}?${processing.toString()}`, { replace: true });
        },
      },
    );
  };

  const backButton = (
    <Button variant="default" onClick={back}>
      <Trans>Back</Trans>
    </Button>
  );

  let body;
  if (!request) {
    body = (
      <>
        <Alert color="yellow">
          <Trans>Choose a plan first.</Trans>
        </Alert>
        <Group>{backButton}</Group>
      </>
    );
  } else if (quote.isPending) {
    body = <Loader aria-label={t`Loading`} />;
  } else if (quote.isError) {
    body = (
      <>
        <Alert color="red">{purchaseProblemText(quote.error, i18n)}</Alert>
        <Group>
          {backButton}
          <Button variant="default" onClick={() => void quote.refetch()}>
            <Trans>Retry</Trans>
          </Button>
        </Group>
      </>
    );
  } else {
    const q = quote.data;
    body = (
      <>
        <Table.ScrollContainer minWidth={560}>
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
              {/* The plan's line, then one per bundle, as the server priced them (lines in that order). */}
              {[{ key: q.planId, name: `${q.product} · ${q.plan}` }, ...q.bundles.map((bundle, i) => ({ key: bundle.planId ?? String(i), name: `${bundle.product} · ${bundle.plan}` }))].map((row, i) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{q.licenses}</Table.Td>
                  <Table.Td>
                    <Translated message={billingCycleLabels[q.billingCycle]} />
                  </Table.Td>
                  <Table.Td>
                    {format.date(q.periodStart)} – {format.date(q.periodEnd)}
                  </Table.Td>
                  <Table.Td>{money(q.lines[i]?.amount ?? (i === 0 ? q.subtotal : 0), q.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text fw={700}>
          <Trans>Total: {money(q.total, q.currency)}</Trans>
        </Text>
        <Radio.Group label={t`Payment`} value={provider} onChange={(value) => setProvider(value)}>
          <Stack gap="xs" mt="xs">
            <Radio value="manual" label={t`Bank transfer`} />
            <Radio value="stripe" label={t`Card`} />
          </Stack>
        </Radio.Group>
        {purchase.isError ? <Alert color="red">{purchaseProblemText(purchase.error, i18n)}</Alert> : null}
        <Group>
          {backButton}
          <Button onClick={proceed} loading={purchase.isPending}>
            <Trans>Proceed to pay</Trans>
          </Button>
        </Group>
      </>
    );
  }
  return (
    <Stack gap="md" maw={720} p="md">
      <Title order={2}>
        <Trans>Payment Review</Trans>
      </Title>
      {body}
    </Stack>
  );
}
