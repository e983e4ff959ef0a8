import { Checkbox, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '@portal/i18n';
import type { OfferedBundle } from '../../utils/bundles';

export type BundleChoiceProps = {
  /** The bundles the chosen plan offers in the chosen cycle and currency (utils/bundles.ts offeredBundles). */
  offered: readonly OfferedBundle[];
  cycle: 'monthly' | 'yearly';
  currency: string;
  value: readonly string[];
  onChange: (bundlePlanIds: string[]) => void;
};

/**
 * Bundles (spec Plan purchase "bundles"): a checkbox per bundle the plan offers, with its price per
 * licence and cycle; nothing at all when the plan offers none. The server prices the total.
 */
export function BundleChoice({ offered, cycle, currency, value, onChange }: BundleChoiceProps) {
  const { t, i18n } = useLingui();
  if (offered.length === 0) return null;
  return (
    <Checkbox.Group label={t`Bundles`} value={[...value]} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {offered.map(({ plan, unitAmount }) => {
          const price = formatMoney(unitAmount, currency, i18n.locale);
          return (
            <Checkbox
              key={plan.id}
              value={plan.id}
              label={`${plan.productName} · ${plan.name}`}
              description={cycle === 'monthly' ? t`${price} per licence per month` : t`${price} per licence per year`}
            />
          );
        })}
      </Stack>
    </Checkbox.Group>
  );
}
