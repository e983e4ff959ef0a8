import { Alert, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatMoney } from '@portal/i18n';

export type PendingTotalNoticeProps = {
  /** The server's total for the changed purchase (the quote), in minor units of `currency`. */
  total: number;
  /** The pending invoice's total it replaces, in minor units of `currency`. */
  previousTotal: number;
  /** The pending plan's currency (ISO 4217), formatted in the portal's language. */
  currency: string;
  /** More lines inside the same notice (the upgrade says when the choice is not higher). */
  children?: ReactNode;
};

/**
 * "Before you confirm" (spec Pending plans, Edit Plan and Upgrade): the new total against the
 * pending invoice's, which is voided and replaced by one with the new total.
 */
export function PendingTotalNotice({ total, previousTotal, currency, children }: PendingTotalNoticeProps) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  return (
    <Alert color="blue" role="status" title={t`Before you confirm`}>
      <Text size="sm">
        <Trans>New total: {money(total)} instead of {money(previousTotal)}. The pending invoice is voided and a new one is issued.</Trans>
      </Text>
      {children}
    </Alert>
  );
}
