import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { catalogueRowOf, deletesAfterAsking, expectCatalogueFailure, fakeCatalogue, fakeCatalogueApiLoader, findLoadedTable, languageLoader, loadedCatalogueApi, translatedCatalogueList, withAdminProviders, withCatalogueRouter } from '../../testing';
import { ProductsScreen } from './products-screen';

const catalogue = fakeCatalogue();
const [meeting, , , archive] = catalogue.products;

const meta = {
  title: 'Billing/Catalogue/ProductsScreen',
  component: ProductsScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/products' },
  loaders: [fakeCatalogueApiLoader(catalogue)],
} satisfies Meta<typeof ProductsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The spec's columns (Product Name, Description, Is bundle); a disabled product says so. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Products');
    for (const header of ['Product Name', 'Description', 'Is bundle']) await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    await expect(catalogueRowOf(table, 'Storage bundle').getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    await expect(catalogueRowOf(table, 'Meeting').getByRole('cell', { name: 'No' })).toBeInTheDocument();
    await expect(table.getByText('Disabled')).toBeInTheDocument();
  },
};

/** Search asks the server with the typed text; nothing found says 'No results..'. */
export const Search: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'Products');
    await userEvent.type(canvas.getByRole('searchbox'), 'nothing like it');
    await expect(await canvas.findByText('No results..')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('getProducts').at(-1)?.query.get('q')).toBe('nothing like it');
  },
};

/** No product: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeCatalogueApiLoader({ products: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no products!')).toBeInTheDocument();
  },
};

/** A failed load: the spec's failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeCatalogueApiLoader({ ...catalogue, failing: ['getProducts'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Create Product and Edit open the product form. */
export const OpensTheForms: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: 'Create Product' }));
    await expect(await body().findByTestId('location')).toHaveTextContent('/products/create-product');
  },
};

export const EditOpensTheProduct: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Products');
    await userEvent.click(catalogueRowOf(table, 'Meeting').getByRole('button', { name: 'Edit' }));
    await expect(await body().findByTestId('location')).toHaveTextContent(`/products/${meeting!.id}`);
  },
};

/** Disable and Enable act at once and say so. */
export const Disable: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Products');
    await userEvent.click(catalogueRowOf(table, 'Meeting').getByRole('button', { name: 'Disable' }));
    await expect(await body().findByText('Product edited successfully')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('updateProduct')[0]?.body).toEqual({ disabled: true });
    await waitFor(() => expect(catalogueRowOf(table, 'Meeting').getByRole('button', { name: 'Enable' })).toBeInTheDocument());
    await expect(catalogueRowOf(table, 'Archive').getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  },
};

/** Delete asks with the spec's words, then deletes. */
export const Delete: Story = deletesAfterAsking(
  { table: 'Products', row: 'Archive', title: 'Delete Product', message: 'Are you sure you want to delete the product ?', deleted: 'Product deleted successfully' },
  { operation: 'deleteProduct', path: `/products/${archive!.id}` },
);

/** A product with plans is refused: the spec's failure text, and beneath it to disable it instead. */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Products');
    await userEvent.click(catalogueRowOf(table, 'Meeting').getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete Product' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expectCatalogueFailure('This product has plans and cannot be deleted. Disable it instead.');
    await expect(table.getByRole('cell', { name: 'Meeting' })).toBeInTheDocument();
  },
};

type RefusalTexts = { table: string; delete: string; dialog: string; failed: string; reason: string };

/** DeleteRefused in `language`: the spec's failure text and the reason beneath it, both translated. */
function translatedRefusal(language: Language, texts: RefusalTexts): Story {
  return {
    parameters: { language },
    loaders: [fakeCatalogueApiLoader(catalogue), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const table = await findLoadedTable(canvasElement, texts.table);
      await userEvent.click(catalogueRowOf(table, 'Meeting').getByRole('button', { name: texts.delete }));
      await userEvent.click(within(await body().findByRole('dialog', { name: texts.dialog })).getByRole('button', { name: texts.delete }));
      await expectCatalogueFailure(texts.reason, texts.failed);
    },
  };
}

export const DeleteRefusedFrench = translatedRefusal('fr', { table: 'Produits', delete: 'Supprimer', dialog: 'Supprimer le produit', failed: 'Échec, réessayez !', reason: 'Ce produit a des forfaits et ne peut pas être supprimé. Désactivez-le plutôt.' });
export const DeleteRefusedArabic = translatedRefusal('ar', { table: 'المنتجات', delete: 'حذف', dialog: 'حذف المنتج', failed: 'فشلت العملية، حاول مرة أخرى!', reason: 'لهذا المنتج خطط ولا يمكن حذفه. عطّله بدلًا من ذلك.' });
export const DeleteRefusedUzbek = translatedRefusal('uz', {
  table: 'Mahsulotlar',
  delete: 'Oʻchirish',
  dialog: 'Mahsulotni oʻchirish',
  failed: 'Bajarilmadi, qayta urinib koʻring!',
  reason: 'Bu mahsulotning tariflari bor, uni oʻchirib boʻlmaydi. Uning oʻrniga faolsizlantiring.',
});

/** With only products.get the list shows without write actions. */
export const ReadOnly: Story = {
  loaders: [fakeCatalogueApiLoader({ ...catalogue, permissions: ['products.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'Products');
    await expect(canvas.queryByRole('link', { name: 'Create Product' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
  },
};

export const English = translatedCatalogueList('en', { products: [] }, { title: 'Products', create: 'Create Product', empty: 'There are no products!' });
export const French = translatedCatalogueList('fr', { products: [] }, { title: 'Produits', create: 'Créer un produit', empty: "Il n'y a aucun produit !" });
export const Arabic = translatedCatalogueList('ar', { products: [] }, { title: 'المنتجات', create: 'إنشاء منتج', empty: 'لا توجد منتجات!' });
export const Uzbek = translatedCatalogueList('uz', { products: [] }, { title: 'Mahsulotlar', create: 'Mahsulot yaratish', empty: 'Mahsulotlar yoʻq!' });
