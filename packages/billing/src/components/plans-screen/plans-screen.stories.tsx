import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { catalogueRowOf, deletesAfterAsking, expectCatalogueFailure, fakeCatalogue, fakeCatalogueApiLoader, findLoadedTable, loadedCatalogueApi, translatedCatalogueList, withAdminProviders, withCatalogueRouter } from '../../testing';
import { PlansScreen } from './plans-screen';

const catalogue = fakeCatalogue();
const starter = catalogue.plans[0]!;
const hidden = catalogue.plans[2]!;

const meta = {
  title: 'Billing/Catalogue/PlansScreen',
  component: PlansScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/plans' },
  loaders: [fakeCatalogueApiLoader({ ...catalogue, plansInUse: ['Business'] })],
} satisfies Meta<typeof PlansScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The spec's columns (Plan Name, Description, Publish), the product and the prices in the reader's format. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Plans');
    for (const header of ['Plan Name', 'Description', 'Product', 'Price per licence', 'Publish']) await expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const row = catalogueRowOf(table, 'Starter');
    await expect(row.getByText('$6.00 · Monthly')).toBeInTheDocument();
    await expect(row.getByText('$60.00 · Yearly')).toBeInTheDocument();
    await expect(row.getByText('€5.50 · Monthly')).toBeInTheDocument();
    await expect(row.getByText('Yes')).toBeInTheDocument();
    await expect(catalogueRowOf(table, 'Webinar 3000').getByText('No')).toBeInTheDocument();
  },
};

/** No plan: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeCatalogueApiLoader({ products: catalogue.products, plans: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no plans!')).toBeInTheDocument();
  },
};

/** A failed load: the spec's failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeCatalogueApiLoader({ ...catalogue, failing: ['getPlans'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Create Plan and Edit open the plan form. */
export const OpensTheForms: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('link', { name: 'Create Plan' }));
    await expect(await body().findByTestId('location')).toHaveTextContent('/plans/create-plan');
  },
};

export const EditOpensThePlan: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Plans');
    await userEvent.click(catalogueRowOf(table, 'Starter').getByRole('button', { name: 'Edit' }));
    await expect(await body().findByTestId('location')).toHaveTextContent(`/plans/${starter.id}`);
  },
};

/** Disable acts at once and says so. */
export const Disable: Story = {
  play: async ({ canvasElement, loaded }) => {
    const table = await findLoadedTable(canvasElement, 'Plans');
    await userEvent.click(catalogueRowOf(table, 'Starter').getByRole('button', { name: 'Disable' }));
    await expect(await body().findByText('Plan edited successfully')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('updatePlan')[0]?.body).toEqual({ disabled: true });
    await waitFor(() => expect(catalogueRowOf(table, 'Starter').getByText('Disabled')).toBeInTheDocument());
  },
};

/** Delete asks with the spec's words, then deletes. */
export const Delete: Story = deletesAfterAsking(
  { table: 'Plans', row: 'Webinar 3000', title: 'Delete Plan', message: 'Are you sure you want to delete the plan ?', deleted: 'Plan deleted successfully' },
  { operation: 'deletePlan', path: `/plans/${hidden.id}` },
);

/** A plan subscriptions use is refused: the spec's failure text, and beneath it to disable it instead. */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    const table = await findLoadedTable(canvasElement, 'Plans');
    await userEvent.click(catalogueRowOf(table, 'Business').getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await body().findByRole('dialog', { name: 'Delete Plan' })).getByRole('button', { name: 'Delete' }));
    await expectCatalogueFailure('Subscriptions use this plan, so it cannot be deleted. Disable it instead.');
  },
};

/** With only plans.get the list shows without write actions. */
export const ReadOnly: Story = {
  loaders: [fakeCatalogueApiLoader({ ...catalogue, permissions: ['plans.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findLoadedTable(canvasElement, 'Plans');
    await expect(canvas.queryByRole('link', { name: 'Create Plan' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
  },
};

export const English = translatedCatalogueList('en', { plans: [] }, { title: 'Plans', create: 'Create Plan', empty: 'There are no plans!' });
export const French = translatedCatalogueList('fr', { plans: [] }, { title: 'Forfaits', create: 'Créer un forfait', empty: "Il n'y a aucun forfait !" });
export const Arabic = translatedCatalogueList('ar', { plans: [] }, { title: 'الخطط', create: 'إنشاء خطة', empty: 'لا توجد خطط!' });
export const Uzbek = translatedCatalogueList('uz', { plans: [] }, { title: 'Tariflar', create: 'Tarif yaratish', empty: 'Tariflar yoʻq!' });
