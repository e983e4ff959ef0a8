import { Badge, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCan } from '@portal/auth';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { createDataTableColumnHelper, useServerTable } from '@portal/ui-kit';
import { CatalogueListScreen, CatalogueName } from '../catalogue-list-screen';
import { useDeletePlan } from '../../api/catalogue/delete-plan';
import { usePlans, type Plan } from '../../api/catalogue/get-plans';
import { useUpdatePlan } from '../../api/catalogue/update-plan';
import { CREATE_PLAN_PATH, editPlanPath } from '../../routes/catalogue-paths';
import { billingCycleLabels } from '../../utils/billing-labels';
import { formatMoney } from '../../utils/money';

const column = createDataTableColumnHelper<Plan>();

/** The plan's prices, one line each ("$12.99 · Monthly"), in the reader's language. */
function Prices({ plan }: { plan: Plan }) {
  const { i18n } = useLingui();
  if (plan.prices.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      {plan.prices.map((price) => (
        <Text key={`${price.currency}/${price.billingCycle}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(price.amount, price.currency, i18n.locale)} · {i18n._(billingCycleLabels[price.billingCycle])}
        </Text>
      ))}
    </Stack>
  );
}

// The list is by name on the server: no column sorts.
const columns = column.columns([
  column.accessor('name', {
    header: () => <Trans>Plan Name</Trans>,
    enableSorting: false,
    cell: ({ row, getValue }) => <CatalogueName name={getValue()} disabled={row.original.disabled} />,
  }),
  column.accessor('description', { header: () => <Trans>Description</Trans>, enableSorting: false }),
  column.accessor('productName', { header: () => <Trans>Product</Trans>, enableSorting: false }),
  column.display({ id: 'prices', header: () => <Trans>Price per licence</Trans>, cell: ({ row }) => <Prices plan={row.original} /> }),
  column.accessor('published', {
    header: () => <Trans>Publish</Trans>,
    enableSorting: false,
    cell: ({ getValue }) =>
      getValue() ? (
        <Badge color="green" variant="light" miw="max-content">
          <Trans>Yes</Trans>
        </Badge>
      ) : (
        <Badge color="gray" variant="light" miw="max-content">
          <Trans>No</Trans>
        </Badge>
      ),
  }),
]);

/**
 * The platform's plans (spec 'Plans': columns Plan Name, Description, Publish; Create Plan,
 * search, Edit, Disable and Delete with the 'Delete Plan' confirmation), with each plan's product
 * and prices. Searched and cursor-paged on the server.
 */
export function PlansScreen() {
  const { t } = useLingui();
  const table = useServerTable();
  const plans = usePlans(table.params);
  const deletePlan = useDeletePlan({ meta: OWN_ERROR_NOTICE });
  const updatePlan = useUpdatePlan({ meta: OWN_ERROR_NOTICE });
  const can = { create: useCan('plans.put'), edit: useCan('plans.update'), disable: useCan('plans.disable'), delete: useCan('plans.delete') };

  return (
    <CatalogueListScreen
      texts={{
        title: t`Plans`,
        create: t`Create Plan`,
        empty: t`There are no plans!`,
        edited: t`Plan edited successfully`,
        deleted: t`Plan deleted successfully`,
        deleteTitle: t`Delete Plan`,
        deleteMessage: t`Are you sure you want to delete the plan ?`,
      }}
      columns={columns}
      table={table}
      list={plans}
      can={can}
      createPath={CREATE_PLAN_PATH}
      editPath={editPlanPath}
      toggleDisabled={(plan, callbacks) => updatePlan.mutate({ planId: plan.id, changes: { disabled: !plan.disabled } }, callbacks)}
      remove={(plan, callbacks) => deletePlan.mutate({ planId: plan.id }, callbacks)}
      removing={deletePlan.isPending}
    />
  );
}
