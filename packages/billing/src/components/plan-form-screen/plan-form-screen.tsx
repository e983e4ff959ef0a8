import { ActionIcon, Button, Fieldset, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { isApiError, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE, problemText } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { ErrorState, notify, PageLoader } from '@portal/ui-kit';
import { useAddPlan } from '../../api/catalogue/add-plan';
import { useBillingCycles } from '../../api/catalogue/get-billing-cycles';
import { useCurrencies } from '../../api/catalogue/get-currencies';
import { useLimits, type LimitDefinition } from '../../api/catalogue/get-limits';
import { usePlan } from '../../api/catalogue/get-plan';
import { usePlans, type Plan } from '../../api/catalogue/get-plans';
import { useProducts } from '../../api/catalogue/get-products';
import { useUpdatePlan } from '../../api/catalogue/update-plan';
import { PLANS_PATH } from '../../routes/catalogue-paths';
import { billingCycleLabels } from '../../utils/billing-labels';
import { showCatalogueSubmitError } from '../../utils/catalogue-failure';
import { catalogueFieldErrorText, limitKindLabels, limitUnitLabels, planRoleLabels } from '../../utils/catalogue-labels';
import { formatMoney, minorDigits, minorUnitsToInput, parseMinorUnits } from '../../utils/money';

type BillingCycle = Schema<'BillingCycle'>;
type LimitKind = Schema<'LimitKind'>;
type LimitUnit = Schema<'LimitUnit'>;
type PlanRole = Schema<'PlanRole'>;

const NAME_MAX = 100;
const DESCRIPTION_MAX = 1000;
const USERS_MAX = 10_000;
const LIMIT_VALUE_MAX = 1_000_000_000;
// The pickers list the whole catalogue (at most a page of 100); the Select filters it as one types.
const PICKER_PAGE = { limit: 100 } as const;

export type PriceRow = { key: string; currency: string | null; billingCycle: BillingCycle | null; amount: string };
export type LimitRow = { key: string; kind: LimitKind | null; value: string; unit: LimitUnit | null };

export type PlanFormValues = {
  name: string;
  description: string;
  productId: string | null;
  linkedPlanIds: string[];
  minUsers: string;
  maxUsers: string;
  published: boolean;
  prices: PriceRow[];
  limits: LimitRow[];
  roles: PlanRole[];
};

function initialValues(plan: Plan | undefined): PlanFormValues {
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    productId: plan?.productId ?? null,
    linkedPlanIds: plan?.linkedPlans.map((link) => link.id) ?? [],
    minUsers: plan ? String(plan.minUsers) : '1',
    maxUsers: plan ? String(plan.maxUsers) : '',
    published: plan?.published ?? false,
    prices: (plan?.prices ?? []).map((price) => ({ key: randomId(), currency: price.currency, billingCycle: price.billingCycle, amount: minorUnitsToInput(price.amount, price.currency) })),
    limits: (plan?.limits ?? []).map((limit) => ({ key: randomId(), kind: limit.kind, value: String(limit.value), unit: limit.unit })),
    roles: plan?.roles ?? [],
  };
}

// Spec section 5: a whole number from 1 to 10000 without a leading zero.
/** A value the form's validation already required: submit runs only after it passed. */
function filled<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) throw new Error(`The plan form submitted without its ${field}, which validation requires.`);
  return value;
}

const wholeUsers = (value: string) => /^[1-9]\d*$/.test(value.trim()) && Number(value.trim()) <= USERS_MAX;

/** Where a server field error goes on this form (`prices.2` is a duplicate price: shown on its cycle). */
function formPathOf(field: string): string | null {
  if (['name', 'description', 'productId', 'minUsers', 'maxUsers', 'roles', 'published'].includes(field)) return field;
  if (field.startsWith('linkedPlanIds')) return 'linkedPlanIds';
  if (/^prices\.\d+$/.test(field)) return `${field}.billingCycle`;
  if (/^(prices|limits)\.\d+\.\w+$/.test(field)) return field;
  return null;
}

export type PlanFormScreenProps = {
  /** The plan to edit (route `plans/:planuuid`); without it the screen creates one (`plans/create-plan`). */
  planId?: string | undefined;
};

/**
 * Create or edit a plan (spec 'Plan': name, description, product, link to existing plans, min and
 * max users, publish online, prices per currency and billing cycle, limit rows of value and unit
 * added, deleted one by one or all at once, user roles).
 */
export function PlanFormScreen({ planId }: PlanFormScreenProps) {
  const plan = usePlan(planId);
  const currencies = useCurrencies();
  const cycles = useBillingCycles();
  const limits = useLimits();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const title = planId ? t`Edit Plan` : t`Create Plan`;
  const loads = [currencies, cycles, limits];
  if ((planId && plan.isPending) || loads.some((query) => query.isPending)) return <PageLoader h={240} />;
  const failedLoad = loads.find((query) => query.isError);
  if ((planId && plan.isError) || failedLoad) {
    const error = planId && plan.isError ? plan.error : failedLoad?.error;
    const notFound = isApiError(error) && error.status === 404;
    return (
      <Stack gap="md">
        <Title order={2}>{title}</Title>
        {notFound ? (
          <ErrorState message={t`This plan does not exist.`} actionLabel={t`Back to plans`} onAction={() => void navigate(PLANS_PATH)} />
        ) : (
          <ErrorState message={problemText(error, i18n)} actionLabel={t`Retry`} onAction={() => void Promise.all([plan.refetch(), ...loads.map((query) => query.refetch())])} />
        )}
      </Stack>
    );
  }
  if (!currencies.data || !cycles.data || !limits.data) return <PageLoader h={240} />;
  return (
    <PlanForm
      key={plan.data?.id ?? 'new'}
      title={title}
      plan={plan.data}
      currencies={currencies.data.items.map((currency) => currency.code)}
      cycles={cycles.data.items.map((cycle) => cycle.cycle)}
      limitKinds={limits.data.items}
    />
  );
}

type PlanFormProps = { title: string; plan: Plan | undefined; currencies: string[]; cycles: BillingCycle[]; limitKinds: LimitDefinition[] };

function PlanForm({ title, plan, currencies, cycles, limitKinds }: PlanFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const products = useProducts(PICKER_PAGE);
  const plans = usePlans(PICKER_PAGE);
  const addPlan = useAddPlan({ meta: OWN_ERROR_NOTICE });
  const updatePlan = useUpdatePlan({ meta: OWN_ERROR_NOTICE });
  const unitsOf = (kind: LimitKind | null) => limitKinds.find((entry) => entry.kind === kind)?.units ?? [];

  const form = useForm<PlanFormValues>({
    mode: 'controlled',
    initialValues: initialValues(plan),
    validate: {
      name: (value) => (!value.trim() ? i18n._(validationMessages.required) : value.trim().length > NAME_MAX ? i18n._(validationMessages.tooLong) : null),
      description: (value) => (value.length > DESCRIPTION_MAX ? i18n._(validationMessages.tooLong) : null),
      productId: (value) => (value ? null : i18n._(validationMessages.required)),
      minUsers: (value) => (wholeUsers(value) ? null : i18n._(validationMessages.minUsers)),
      maxUsers: (value, values) => (wholeUsers(value) && (!wholeUsers(values.minUsers) || Number(value) >= Number(values.minUsers)) ? null : i18n._(validationMessages.maxUsers)),
      prices: {
        currency: (value) => (value ? null : i18n._(validationMessages.required)),
        billingCycle: (value, values, path) => {
          if (!value) return i18n._(validationMessages.required);
          const index = Number(path.split('.')[1]);
          const currency = values.prices[index]?.currency;
          const earlier = values.prices.slice(0, index).some((other) => other.currency === currency && other.billingCycle === value);
          return earlier ? catalogueFieldErrorText('duplicate_price', i18n) : null;
        },
        amount: (value, values, path) => {
          const currency = values.prices[Number(path.split('.')[1])]?.currency;
          return parseMinorUnits(value, minorDigits(currency ?? 'USD')) === null ? catalogueFieldErrorText('invalid_amount', i18n) : null;
        },
      },
      limits: {
        kind: (value) => (value ? null : i18n._(validationMessages.required)),
        value: (value) => (/^\d+$/.test(value.trim()) && Number(value) <= LIMIT_VALUE_MAX ? null : catalogueFieldErrorText('invalid_limit_value', i18n)),
        unit: (value) => (value ? null : i18n._(validationMessages.required)),
      },
    },
  });

  const onError = (error: unknown) => showCatalogueSubmitError(form, error, i18n, formPathOf);

  const submit = (values: PlanFormValues) => {
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      productId: filled(values.productId, 'productId'),
      linkedPlanIds: values.linkedPlanIds,
      minUsers: Number(values.minUsers),
      maxUsers: Number(values.maxUsers),
      published: values.published,
      prices: values.prices.map((row) => {
        const currency = filled(row.currency, 'currency');
        return { currency, billingCycle: filled(row.billingCycle, 'billingCycle'), amount: filled(parseMinorUnits(row.amount, minorDigits(currency)), 'amount') };
      }),
      limits: values.limits.map((row) => ({ kind: filled(row.kind, 'kind'), value: Number(row.value), unit: filled(row.unit, 'unit') })),
      roles: values.roles,
    };
    const done = (message: string) => {
      notify.success(message);
      void navigate(PLANS_PATH);
    };
    if (plan) updatePlan.mutate({ planId: plan.id, changes: body }, { onSuccess: () => done(t`Plan edited successfully`), onError });
    else addPlan.mutate(body, { onSuccess: () => done(t`Plan created successfully`), onError });
  };

  // The chosen product and links stay nameable even when they fall outside the first page.
  const productOptions = [
    ...(products.data?.items ?? []).map((product) => ({ value: product.id, label: product.name })),
    ...(plan && !(products.data?.items ?? []).some((product) => product.id === plan.productId) ? [{ value: plan.productId, label: plan.productName }] : []),
  ];
  const linkOptions = [
    ...(plans.data?.items ?? []).filter((other) => other.id !== plan?.id).map((other) => ({ value: other.id, label: other.name })),
    ...(plan?.linkedPlans ?? []).filter((link) => !(plans.data?.items ?? []).some((other) => other.id === link.id)).map((link) => ({ value: link.id, label: link.name })),
  ];
  const currencyOptions = currencies.map((code) => ({ value: code, label: code }));
  const cycleOptions = cycles.map((cycle) => ({ value: cycle, label: i18n._(billingCycleLabels[cycle]) }));
  const kindOptions = limitKinds.map((entry) => ({ value: entry.kind, label: i18n._(limitKindLabels[entry.kind]) }));
  const roleOptions = (Object.keys(planRoleLabels) as PlanRole[]).map((role) => ({ value: role, label: i18n._(planRoleLabels[role]) }));

  const addPrice = () => form.insertListItem('prices', { key: randomId(), currency: currencies[0] ?? null, billingCycle: cycles[0] ?? null, amount: '' } satisfies PriceRow);
  const addLimit = () => form.insertListItem('limits', { key: randomId(), kind: null, value: '', unit: null } satisfies LimitRow);

  const pricePreview = (row: PriceRow) => {
    if (!row.currency) return undefined;
    const units = parseMinorUnits(row.amount, minorDigits(row.currency));
    return units === null ? undefined : formatMoney(units, row.currency, i18n.locale);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="md" component="form" onSubmit={form.onSubmit(submit)} noValidate aria-label={title}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Plan Name`} required maxLength={NAME_MAX} {...form.getInputProps('name')} />
            <Select
              label={t`Product`}
              required
              searchable
              data={productOptions}
              nothingFoundMessage={t`No results..`}
              disabled={products.isPending}
              {...form.getInputProps('productId')}
            />
          </SimpleGrid>
          <Textarea label={t`Description`} rows={2} maxLength={DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <MultiSelect label={t`Link to existing plans`} searchable data={linkOptions} nothingFoundMessage={t`No results..`} {...form.getInputProps('linkedPlanIds')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Min users`} required inputMode="numeric" {...form.getInputProps('minUsers')} />
            <TextInput label={t`Max users`} required inputMode="numeric" {...form.getInputProps('maxUsers')} />
          </SimpleGrid>
          <Switch label={t`Publish online`} description={t`Offer the plan on the public plans page.`} {...form.getInputProps('published', { type: 'checkbox' })} />
          <MultiSelect label={t`User roles`} data={roleOptions} {...form.getInputProps('roles')} />

          <Fieldset legend={t`Prices per licence`}>
            <Stack gap="sm">
              {form.values.prices.length === 0 ? (
                <Text c="dimmed" size="sm">
                  <Trans>No prices yet.</Trans>
                </Text>
              ) : null}
              {form.values.prices.map((row, index) => (
                <Group key={row.key} align="flex-start" wrap="wrap" gap="sm" role="group" aria-label={t`Price ${index + 1}`}>
                  <Select label={t`Currency`} data={currencyOptions} w={120} allowDeselect={false} {...form.getInputProps(`prices.${index}.currency`)} />
                  <Select label={t`Billing cycle`} data={cycleOptions} w={160} allowDeselect={false} {...form.getInputProps(`prices.${index}.billingCycle`)} />
                  <TextInput label={t`Amount`} inputMode="decimal" w={180} description={pricePreview(row)} {...form.getInputProps(`prices.${index}.amount`)} />
                  <ActionIcon variant="subtle" color="red" mt={28} aria-label={t`Delete price ${index + 1}`} onClick={() => form.removeListItem('prices', index)}>
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button variant="default" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addPrice}>
                  <Trans>Add price</Trans>
                </Button>
              </Group>
            </Stack>
          </Fieldset>

          <Fieldset legend={t`Limits`}>
            <Stack gap="sm">
              {form.values.limits.length === 0 ? (
                <Text c="dimmed" size="sm">
                  <Trans>No limits: the plan allows everything.</Trans>
                </Text>
              ) : null}
              {form.values.limits.map((row, index) => (
                <Group key={row.key} align="flex-start" wrap="wrap" gap="sm" role="group" aria-label={t`Limit ${index + 1}`}>
                  <Select
                    label={t`Limit`}
                    data={kindOptions}
                    w={220}
                    allowDeselect={false}
                    {...form.getInputProps(`limits.${index}.kind`)}
                    onChange={(kind) => {
                      form.setFieldValue(`limits.${index}.kind`, kind as LimitKind | null);
                      form.setFieldValue(`limits.${index}.unit`, unitsOf(kind as LimitKind | null)[0] ?? null);
                    }}
                  />
                  <TextInput label={t`Value`} inputMode="numeric" w={140} {...form.getInputProps(`limits.${index}.value`)} />
                  <Select
                    label={t`Unit`}
                    data={unitsOf(row.kind).map((unit) => ({ value: unit, label: i18n._(limitUnitLabels[unit]) }))}
                    w={140}
                    allowDeselect={false}
                    {...form.getInputProps(`limits.${index}.unit`)}
                  />
                  <ActionIcon variant="subtle" color="red" mt={28} aria-label={t`Delete limit ${index + 1}`} onClick={() => form.removeListItem('limits', index)}>
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button variant="default" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addLimit}>
                  <Trans>Add limit</Trans>
                </Button>
                {form.values.limits.length > 0 ? (
                  <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => form.setFieldValue('limits', [])}>
                    <Trans>Delete all limits</Trans>
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Fieldset>

          <Group justify="flex-end">
            <Button component={Link} to={PLANS_PATH} variant="default">
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={addPlan.isPending || updatePlan.isPending}>
              {plan ? <Trans>Save</Trans> : <Trans>Create</Trans>}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
