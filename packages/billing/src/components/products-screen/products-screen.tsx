import { Trans, useLingui } from '@lingui/react/macro';
import { useCan } from '@portal/auth';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import { createDataTableColumnHelper, useServerTable } from '@portal/ui-kit';
import { CatalogueListScreen, CatalogueName } from '../catalogue-list-screen';
import { useDeleteProduct } from '../../api/catalogue/delete-product';
import { useProducts, type Product } from '../../api/catalogue/get-products';
import { useUpdateProduct } from '../../api/catalogue/update-product';
import { CREATE_PRODUCT_PATH, editProductPath } from '../../routes/catalogue-paths';

const column = createDataTableColumnHelper<Product>();

// The list is by name on the server: no column sorts.
const columns = column.columns([
  column.accessor('name', {
    header: () => <Trans>Product Name</Trans>,
    enableSorting: false,
    cell: ({ row, getValue }) => <CatalogueName name={getValue()} disabled={row.original.disabled} />,
  }),
  column.accessor('description', { header: () => <Trans>Description</Trans>, enableSorting: false }),
  column.accessor('isBundle', {
    header: () => <Trans>Is bundle</Trans>,
    enableSorting: false,
    cell: ({ getValue }) => (getValue() ? <Trans>Yes</Trans> : <Trans>No</Trans>),
  }),
]);

/**
 * The platform's products (spec 'Products': columns Product Name, Description, Is bundle; Create
 * Product, Edit, Disable and Delete, search). Searched and cursor-paged on the server; write
 * actions follow the caller's products permissions.
 */
export function ProductsScreen() {
  const { t } = useLingui();
  const table = useServerTable();
  const products = useProducts(table.params);
  const deleteProduct = useDeleteProduct({ meta: OWN_ERROR_NOTICE });
  const updateProduct = useUpdateProduct({ meta: OWN_ERROR_NOTICE });
  const can = { create: useCan('products.put'), edit: useCan('products.update'), disable: useCan('products.disable'), delete: useCan('products.delete') };

  return (
    <CatalogueListScreen
      texts={{
        title: t`Products`,
        create: t`Create Product`,
        empty: t`There are no products!`,
        edited: t`Product edited successfully`,
        deleted: t`Product deleted successfully`,
        deleteTitle: t`Delete Product`,
        deleteMessage: t`Are you sure you want to delete the product ?`,
      }}
      columns={columns}
      table={table}
      list={products}
      can={can}
      createPath={CREATE_PRODUCT_PATH}
      editPath={editProductPath}
      toggleDisabled={(product, callbacks) => updateProduct.mutate({ productId: product.id, changes: { disabled: !product.disabled } }, callbacks)}
      remove={(product, callbacks) => deleteProduct.mutate({ productId: product.id }, callbacks)}
      removing={deleteProduct.isPending}
    />
  );
}
