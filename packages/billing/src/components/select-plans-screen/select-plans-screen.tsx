import { Alert, Badge, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Schema } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { formatMoney } from '@portal/i18n';
import { usePublishedPlans } from '../../api/purchase/get-published-plans';
import { limitKindLabels } from '../../utils/catalogue-labels';
import { PURCHASE_QUERY } from '../purchase-plan-gate';
import { PURCHASE_PLAN_PATH } from '../../routes/billing-paths';

type Plan = Schema<'Plan'>;

function PlanCard({ plan }: { plan: Plan }) {
  const { i18n } = useLingui();
  const monthly = plan.prices.filter((price) => price.billingCycle === 'monthly');
  const yearly = plan.prices.filter((price) => price.billingCycle === 'yearly');
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.locale);
  const to = `${PURCHASE_PLAN_PATH}?${new URLSearchParams({ [PURCHASE_QUERY.plan]: plan.id }).toString()}`;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={`plan-${plan.id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} id={`plan-${plan.id}`}>
            {plan.name}
          </Title>
          <Badge variant="light">{plan.productName}</Badge>
        </Group>
        {plan.description ? <Text size="sm">{plan.description}</Text> : null}
        {monthly.map((price) => (
          <Text key={`m-${price.currency}`} fw={600}>
            <Trans>{money(price.amount, price.currency)} per licence a month</Trans>
          </Text>
        ))}
        {yearly.map((price) => (
          <Text key={`y-${price.currency}`} size="sm" c="dimmed">
            <Trans>{money(price.amount, price.currency)} per licence a year</Trans>
          </Text>
        ))}
        <Text size="sm">
          <Trans>
            {plan.minUsers} to {plan.maxUsers} licences
          </Trans>
        </Text>
        {plan.limits.length > 0 ? (
          <List size="sm">
            {plan.limits.map((limit) => (
              <List.Item key={limit.kind}>
                {i18n._(limitKindLabels[limit.kind])}: {i18n.number(limit.value)}
              </List.Item>
            ))}
          </List>
        ) : null}
        <Button component={Link} to={to} mt="auto">
          <Trans>Buy {plan.name}</Trans>
        </Button>
      </Stack>
    </Card>
  );
}

/** The public plans page (select-plans): the plans on sale; buying one goes to the purchase (sign-in first). */
export function SelectPlansScreen() {
  const { t, i18n } = useLingui();
  const plans = usePublishedPlans();
  return (
    <Stack gap="lg" p="md">
      <Title order={2}>
        <Trans>Select a plan</Trans>
      </Title>
      {plans.isPending ? <Loader aria-label={t`Loading`} /> : null}
      {plans.isError ? <Alert color="red">{problemText(plans.error, i18n)}</Alert> : null}
      {plans.data && plans.data.items.length === 0 ? (
        <Text>
          <Trans>There are no plans!</Trans>
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {plans.data?.items.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
