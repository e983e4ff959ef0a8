import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { LANDING_PATH } from '@portal/auth';

/** The query parameters payment-processing reads: the invoice and, for a bank transfer, its number. */
export const PROCESSING_QUERY = { invoice: 'invoice', number: 'number' } as const;

/**
 * Payment processing (spec 'Plan purchase' processing state): the purchase waits for the payment
 * the provider confirms (or the bank transfer an administrator records); nothing here activates it.
 */
export function PaymentProcessingScreen() {
  const [query] = useSearchParams();
  const number = query.get(PROCESSING_QUERY.number);
  return (
    <Stack align="center" p="xl">
      <Card withBorder maw={560} w="100%" p="xl">
        <Stack gap="md" align="center">
          <Title order={2} ta="center">
            <Trans>Purchased plan is under processing...</Trans>
          </Title>
          {number ? (
            <Text ta="center">
              <Trans>Pay invoice {number} by bank transfer, quoting its number. The plan becomes active once the payment is recorded.</Trans>
            </Text>
          ) : (
            <Text ta="center">
              <Trans>The plan becomes active once the payment is confirmed.</Trans>
            </Text>
          )}
          <Button component={Link} to={LANDING_PATH}>
            <Trans>Go Home</Trans>
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
