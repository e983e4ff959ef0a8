import { Button, Checkbox, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@portal/api-client';
import { OWN_ERROR_NOTICE, problemText } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { ErrorState, notify, PageLoader } from '@portal/ui-kit';
import { useAddProduct } from '../../api/catalogue/add-product';
import { useProduct } from '../../api/catalogue/get-product';
import type { Product } from '../../api/catalogue/get-products';
import { useUpdateProduct } from '../../api/catalogue/update-product';
import { PRODUCTS_PATH } from '../../routes/catalogue-paths';
import { showCatalogueSubmitError } from '../../utils/catalogue-failure';

const NAME_MAX = 100;
const DESCRIPTION_MAX = 1000;
const FORM_FIELDS = new Set(['name', 'description', 'isBundle']);

export type ProductFormValues = { name: string; description: string; isBundle: boolean };

export type ProductFormScreenProps = {
  /** The product to edit (route `products/:productuuid`); without it the screen creates one (`products/create-product`). */
  productId?: string | undefined;
};

/** Create or edit a product (spec 'Product': name, description, is-bundle flag). */
export function ProductFormScreen({ productId }: ProductFormScreenProps) {
  const product = useProduct(productId);
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const title = productId ? t`Edit Product` : t`Create Product`;
  if (productId && product.isPending) return <PageLoader h={240} />;
  if (productId && product.isError) {
    const notFound = isApiError(product.error) && product.error.status === 404;
    return (
      <Stack gap="md">
        <Title order={2}>{title}</Title>
        {notFound ? (
          <ErrorState message={t`This product does not exist.`} actionLabel={t`Back to products`} onAction={() => void navigate(PRODUCTS_PATH)} />
        ) : (
          <ErrorState message={problemText(product.error, i18n)} actionLabel={t`Retry`} onAction={() => void product.refetch()} />
        )}
      </Stack>
    );
  }
  return <ProductForm key={product.data?.id ?? 'new'} title={title} product={product.data} />;
}

function ProductForm({ title, product }: { title: string; product: Product | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const addProduct = useAddProduct({ meta: OWN_ERROR_NOTICE });
  const updateProduct = useUpdateProduct({ meta: OWN_ERROR_NOTICE });
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: { name: product?.name ?? '', description: product?.description ?? '', isBundle: product?.isBundle ?? false },
    validate: {
      name: (value) => (!value.trim() ? i18n._(validationMessages.required) : value.trim().length > NAME_MAX ? i18n._(validationMessages.tooLong) : null),
      description: (value) => (value.length > DESCRIPTION_MAX ? i18n._(validationMessages.tooLong) : null),
    },
  });

  const onError = (error: unknown) => showCatalogueSubmitError(form, error, i18n, (field) => (FORM_FIELDS.has(field) ? field : null));

  const submit = (values: ProductFormValues) => {
    const body = { name: values.name.trim(), description: values.description.trim(), isBundle: values.isBundle };
    const done = (message: string) => {
      notify.success(message);
      void navigate(PRODUCTS_PATH);
    };
    if (product) updateProduct.mutate({ productId: product.id, changes: body }, { onSuccess: () => done(t`Product edited successfully`), onError });
    else addProduct.mutate(body, { onSuccess: () => done(t`Product created successfully`), onError });
  };

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="md" component="form" onSubmit={form.onSubmit(submit)} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput label={t`Product Name`} required maxLength={NAME_MAX} {...form.getInputProps('name')} />
          <Textarea label={t`Description`} rows={3} maxLength={DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <Checkbox label={t`Is bundle`} description={t`Sold with other products' plans, e.g. extra storage.`} {...form.getInputProps('isBundle', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button component={Link} to={PRODUCTS_PATH} variant="default">
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={addProduct.isPending || updateProduct.isPending}>
              {product ? <Trans>Save</Trans> : <Trans>Create</Trans>}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
