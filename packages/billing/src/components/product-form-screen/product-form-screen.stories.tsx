import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { expectCatalogueFailure, fakeCatalogue, fakeCatalogueApiLoader, languageLoader, loadedCatalogueApi, withAdminProviders, withCatalogueRouter } from '../../testing';
import { ProductFormScreen } from './product-form-screen';

const catalogue = fakeCatalogue();
const storage = catalogue.products[2]!;
const unknownId = '00000000-0000-4000-8000-cccc99999999';

const meta = {
  title: 'Billing/Catalogue/ProductFormScreen',
  component: ProductFormScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/products/create-product' },
  loaders: [fakeCatalogueApiLoader(catalogue)],
} satisfies Meta<typeof ProductFormScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const editing = (productId: string) => ({ args: { productId }, parameters: { route: '/products/:productuuid', entry: `/products/${productId}` } });

/** Creating a product: the name is required; the spec's success text, then back to the list. */
export const Create: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create' }));
    await expect(await canvas.findByText('This field is required')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('addProduct')).toHaveLength(0);
    await userEvent.type(canvas.getByRole('textbox', { name: /^Product Name/ }), 'Phone bridge');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), 'Dial in by phone');
    await userEvent.click(canvas.getByRole('checkbox', { name: /^Is bundle/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Product created successfully')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('addProduct')[0]?.body).toEqual({ name: 'Phone bridge', description: 'Dial in by phone', isBundle: true });
    await expect(await body().findByTestId('location')).toHaveTextContent('/products');
  },
};

/** A name another product has: the server's 409 shows under the name, and the spec's failure text with it as the reason. */
export const NameTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Product Name/ }), 'meeting');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    // The notice first: it closes after 4 s, and a loaded machine may take that long to check the field.
    await expectCatalogueFailure('This name is already taken');
    await expect(await canvas.findByText('This name is already taken')).toBeInTheDocument();
  },
};

/** Editing loads the product and saves the changes. */
export const Edit: Story = {
  ...editing(storage.id),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Product Name/ });
    await expect(name).toHaveValue('Storage bundle');
    await expect(canvas.getByRole('checkbox', { name: /^Is bundle/ })).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'Storage');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Product edited successfully')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('updateProduct')[0]?.body).toEqual({ name: 'Storage', description: storage.description, isBundle: true });
  },
};

/** An unknown product: says so and leads back to the list. */
export const Unknown: Story = {
  ...editing(unknownId),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This product does not exist.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to products' }));
    await expect(await body().findByTestId('location')).toHaveTextContent('/products');
  },
};

/** A failed save: the spec's failure text. */
export const SaveFails: Story = {
  loaders: [fakeCatalogueApiLoader({ ...catalogue, failing: ['addProduct'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Product Name/ }), 'Anything');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Failed, Try Again..!!')).toBeInTheDocument();
  },
};

function translated(language: Language, texts: { title: string; name: string; bundle: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeCatalogueApiLoader(catalogue), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('textbox', { name: new RegExp(`^${texts.name}`) })).toBeInTheDocument();
      await expect(canvas.getByRole('checkbox', { name: new RegExp(`^${texts.bundle}`) })).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title }).closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Create Product', name: 'Product Name', bundle: 'Is bundle' });
export const French = translated('fr', { title: 'Créer un produit', name: 'Nom du produit', bundle: 'Est un forfait' });
export const Arabic = translated('ar', { title: 'إنشاء منتج', name: 'اسم المنتج', bundle: 'حزمة' });
export const Uzbek = translated('uz', { title: 'Mahsulot yaratish', name: 'Mahsulot nomi', bundle: 'Toʻplam' });
