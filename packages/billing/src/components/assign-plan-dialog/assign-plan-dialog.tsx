import { Checkbox, NumberInput, Select, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState, type FormEvent } from 'react';
import type { Schema } from '@portal/api-client';
import { FormDialog, notify } from '@portal/ui-kit';
import { useAssignPlan, useEditAssignedPlan } from '../../api/assign-plan';
import { usePlans } from '../../api/catalogue/get-plans';
import { billingCycleLabels } from '../../utils/billing-labels';

type Cycle = Schema<'BillingCycle'>;

export type AssignPlanDialogProps = {
  tenantId: string;
  /** Edits this subscription (licences, auto renewal); without one, assigns a new plan. */
  subscription: Schema<'TenantSubscription'> | null;
  opened: boolean;
  onClose: () => void;
};

/**
 * The platform super administrator assigns a plan to a tenant, or edits an assigned one, from the
 * tenant detail. Every plan in use is offered, unpublished ones too (marked so): the server
 * accepts them from the super administrator, so a plan may be sold to one tenant before it is online.
 */
export function AssignPlanDialog({ tenantId, subscription, opened, onClose }: AssignPlanDialogProps) {
  const { t, i18n } = useLingui();
  const plans = usePlans({ limit: 100 }, { enabled: subscription === null });
  const offered = useMemo(() => (plans.data?.items ?? []).filter((candidate) => !candidate.disabled), [plans.data]);
  const assign = useAssignPlan(tenantId);
  const edit = useEditAssignedPlan(tenantId);
  const [planId, setPlanId] = useState<string | null>(null);
  const [cycle, setCycle] = useState<Cycle | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [licenses, setLicenses] = useState<number>(subscription?.licenses ?? 1);
  const [autoRenewal, setAutoRenewal] = useState(subscription?.autoRenewal ?? true);
  const plan = offered.find((candidate) => candidate.id === planId);
  const cycles = useMemo(() => [...new Set(plan?.prices.map((price) => price.billingCycle) ?? [])], [plan]);
  const currencies = useMemo(() => [...new Set(plan?.prices.filter((price) => price.billingCycle === cycle).map((price) => price.currency) ?? [])], [plan, cycle]);
  const licencesValid = Number.isInteger(licenses) && licenses >= 1 && licenses <= 500;
  const ready = licencesValid && (subscription !== null || (planId !== null && cycle !== null && currency !== null));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const done = {
      onSuccess: () => {
        notify.success(subscription ? t`Subscription edited successfully` : t`Subscription added successfully`);
        onClose();
      },
    };
    if (subscription) edit.mutate({ subscriptionId: subscription.id, changes: { licenses, autoRenewal } }, done);
    else if (planId !== null && cycle !== null && currency !== null) assign.mutate({ planId, billingCycle: cycle, currency, licenses, autoRenewal }, done);
  };

  return (
    <FormDialog opened={opened} title={subscription ? t`Edit subscription` : t`Assign plan`} submitLabel={t`Save`} loading={assign.isPending || edit.isPending} submitDisabled={!ready} onSubmit={submit} onClose={onClose}>
      <Stack gap="md">
        {subscription ? null : (
          <>
            <Select
              label={t`Plan`}
              data={offered.map((candidate) => {
                const name = `${candidate.productName} · ${candidate.name}`;
                return { value: candidate.id, label: candidate.published ? name : t`${name} (Unpublished)` };
              })}
              value={planId}
              onChange={(value) => {
                setPlanId(value);
                setCycle(null);
                setCurrency(null);
              }}
              searchable
            />
            <Select label={t`Billing cycle`} data={cycles.map((value) => ({ value, label: i18n._(billingCycleLabels[value]) }))} value={cycle} onChange={(value) => setCycle(value)} disabled={!plan} />
            <Select label={t`Currency`} data={currencies} value={currency} onChange={setCurrency} disabled={!cycle} />
          </>
        )}
        <NumberInput label={t`License`} value={licenses} onChange={(value) => setLicenses(typeof value === 'number' ? value : Number(value))} min={1} max={500} allowDecimal={false} error={licencesValid ? null : t`Choose 1 to 500 licences.`} />
        <Checkbox label={t`Auto renewal`} checked={autoRenewal} onChange={(event) => setAutoRenewal(event.currentTarget.checked)} />
      </Stack>
    </FormDialog>
  );
}
