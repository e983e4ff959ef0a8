import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { OWN_ERROR_NOTICE, problemText, useCan, useCurrentUser } from '@portal/auth';
import { ConfirmDialog, createDataTableColumnHelper, DataTable, notify, PageLoader, RowAction, useDialogState, useServerTable, useStepBackFromEmptyPage } from '@portal/ui-kit';
import { useDeleteProduct } from '../../api/catalogue/delete-product';
import { useProducts, type Product } from '../../api/catalogue/get-products';
import { useUpdateProduct } from '../../api/catalogue/update-product';
import { CREATE_PRODUCT_PATH, editProductPath } from '../../routes/catalogue-paths';
import { catalogueProblemText } from '../../utils/catalogue-labels';

const column = createDataTableColumnHelper<Product>();

// The list is by name on the server: no column sorts.
const columns = column.columns([
  column.accessor('name', {
    header: () => <Trans>Product Name</Trans>,
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
  column.accessor('isBundle', {
    header: () => <Trans>Is bundle</Trans>,
    enableSorting: false,
    cell: ({ getValue }) => (getValue() ? <Trans>Yes</Trans> : <Trans>No</Trans>),
  }),
]);

const getRowId = (product: Product) => product.id;

/**
 * The platform's products (spec 'Products': columns Product Name, Description, Is bundle; Create
 * Product, Edit, Disable and Delete, search). Searched and cursor-paged on the server; write
 * actions follow the caller's products permissions.
 */
export function ProductsScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const canCreate = useCan('products.put');
  const canEdit = useCan('products.update');
  const canDisable = useCan('products.disable');
  const canDelete = useCan('products.delete');
  const table = useServerTable();
  const products = useProducts(table.params);
  const deletion = useDialogState<Product>();
  const deleteProduct = useDeleteProduct({ meta: OWN_ERROR_NOTICE });
  const updateProduct = useUpdateProduct({ meta: OWN_ERROR_NOTICE });

  useStepBackFromEmptyPage(products, table);

  const failed = (error: unknown) => notify.error(catalogueProblemText(error, i18n));

  const confirmDelete = () => {
    if (!deletion.target) return;
    deleteProduct.mutate(
      { productId: deletion.target.id },
      {
        onSuccess: () => {
          notify.success(t`Product deleted successfully`);
          deletion.close();
        },
        onError: (error) => {
          failed(error);
          deletion.close();
        },
      },
    );
  };

  const toggleDisabled = (product: Product) => {
    updateProduct.mutate({ productId: product.id, changes: { disabled: !product.disabled } }, { onSuccess: () => notify.success(t`Product edited successfully`), onError: failed });
  };

  const rowActions =
    canEdit || canDelete
      ? (product: Product) => (
          <>
            {canEdit ? <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => void navigate(editProductPath(product.id))} /> : null}
            {canEdit && canDisable ? (
              product.disabled ? (
                <RowAction label={t`Enable`} icon={<IconCircleCheck size={18} aria-hidden="true" />} onClick={() => toggleDisabled(product)} />
              ) : (
                <RowAction label={t`Disable`} icon={<IconBan size={18} aria-hidden="true" />} onClick={() => toggleDisabled(product)} />
              )
            ) : null}
            {canDelete ? <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(product)} /> : null}
          </>
        )
      : undefined;

  const toolbar = canCreate ? (
    <Button component={Link} to={CREATE_PRODUCT_PATH} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      <Trans>Create Product</Trans>
    </Button>
  ) : undefined;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Products</Trans>
      </Title>
      {/* Actions depend on the caller's permissions: wait for them rather than pop buttons in. */}
      {currentUser.isPending ? (
        <PageLoader h={240} />
      ) : (
        <DataTable
          {...table.bind(products.data?.nextCursor)}
          label={t`Products`}
          columns={columns}
          data={products.data?.items}
          getRowId={getRowId}
          loading={products.isPending}
          error={products.isError ? problemText(products.error, i18n) : undefined}
          onRetry={() => void products.refetch()}
          emptyText={table.q ? t`No results..` : t`There are no products!`}
          toolbar={toolbar}
          rowActions={rowActions}
        />
      )}
      <ConfirmDialog
        opened={deletion.opened}
        title={t`Delete Product`}
        message={t`Are you sure you want to delete the product ?`}
        confirmLabel={t`Delete`}
        danger
        loading={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
