import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { OWN_ERROR_NOTICE, problemText, useCan, useCurrentUser } from '@portal/auth';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, PageLoader, RowAction, useDialogState, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useDeletePlan } from '../../api/catalogue/delete-plan';
import { usePlans, type Plan } from '../../api/catalogue/get-plans';
import { useUpdatePlan } from '../../api/catalogue/update-plan';
import { CREATE_PLAN_PATH, editPlanPath } from '../../routes/catalogue-paths';
import { billingCycleLabels } from '../../utils/billing-labels';
import { catalogueProblemText } from '../../utils/catalogue-labels';
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
    cell: ({ row, getValue }) => (
      <Group gap="xs" wrap="nowrap">
        <span>{getValue()}</span>
        {row.original.disabled ? (
          <Badge color="gray" variant="light" size="sm" miw="max-content">
            <Trans>Disabled</Trans>
          </Badge>
        ) : null}
      </Group>
    ),
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

const getRowId = (plan: Plan) => plan.id;

/**
 * The platform's plans (spec 'Plans': columns Plan Name, Description, Publish; Create Plan,
 * search, Edit, Disable and Delete with the 'Delete Plan' confirmation), with each plan's product
 * and prices. Searched and cursor-paged on the server.
 */
export function PlansScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const canCreate = useCan('plans.put');
  const canEdit = useCan('plans.update');
  const canDisable = useCan('plans.disable');
  const canDelete = useCan('plans.delete');
  const table = useServerTable();
  const plans = usePlans(table.params);
  const deletion = useDialogState<Plan>();
  const deletePlan = useDeletePlan({ meta: OWN_ERROR_NOTICE });
  const updatePlan = useUpdatePlan({ meta: OWN_ERROR_NOTICE });

  useStepBackFromEmptyPage(plans, table);

  const failed = (error: unknown) => notify.error(catalogueProblemText(error, i18n));

  const confirmDelete = () => {
    if (!deletion.target) return;
    deletePlan.mutate(
      { planId: deletion.target.id },
      {
        onSuccess: () => {
          notify.success(t`Plan deleted successfully`);
          deletion.close();
        },
        onError: (error) => {
          failed(error);
          deletion.close();
        },
      },
    );
  };

  const toggleDisabled = (plan: Plan) => {
    updatePlan.mutate({ planId: plan.id, changes: { disabled: !plan.disabled } }, { onSuccess: () => notify.success(t`Plan edited successfully`), onError: failed });
  };

  const rowActions =
    canEdit || canDelete
      ? (plan: Plan) => (
          <>
            {canEdit ? <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => void navigate(editPlanPath(plan.id))} /> : null}
            {canEdit && canDisable ? (
              plan.disabled ? (
                <RowAction label={t`Enable`} icon={<IconCircleCheck size={18} aria-hidden="true" />} onClick={() => toggleDisabled(plan)} />
              ) : (
                <RowAction label={t`Disable`} icon={<IconBan size={18} aria-hidden="true" />} onClick={() => toggleDisabled(plan)} />
              )
            ) : null}
            {canDelete ? <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(plan)} /> : null}
          </>
        )
      : undefined;

  const toolbar = canCreate ? (
    <Button component={Link} to={CREATE_PLAN_PATH} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      <Trans>Create Plan</Trans>
    </Button>
  ) : undefined;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Plans</Trans>
      </Title>
      {currentUser.isPending ? (
        <PageLoader h={240} />
      ) : (
        <DataTable
          {...table.bind(plans.data?.nextCursor)}
          label={t`Plans`}
          columns={columns}
          data={plans.data?.items}
          getRowId={getRowId}
          loading={plans.isPending}
          error={plans.isError ? problemText(plans.error, i18n) : undefined}
          onRetry={() => void plans.refetch()}
          emptyText={table.q ? t`No results..` : t`There are no plans!`}
          toolbar={toolbar}
          rowActions={rowActions}
        />
      )}
      <ConfirmDialog
        opened={deletion.opened}
        title={t`Delete Plan`}
        message={t`Are you sure you want to delete the plan ?`}
        confirmLabel={t`Delete`}
        danger
        loading={deletePlan.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
