import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { expectCatalogueFailure, fakeCatalogue, fakeCatalogueApiLoader, languageLoader, loadedCatalogueApi, withAdminProviders, withCatalogueRouter } from '../../testing';
import { PlanFormScreen } from './plan-form-screen';

const catalogue = fakeCatalogue();
const [meeting, webinar] = catalogue.products;
const [starter, business, , cloud] = catalogue.plans;
const unknownId = '00000000-0000-4000-8000-cccc99999999';

const meta = {
  title: 'Billing/Catalogue/PlanFormScreen',
  component: PlanFormScreen,
  decorators: [withCatalogueRouter, withAdminProviders],
  parameters: { route: '/plans/create-plan' },
  loaders: [fakeCatalogueApiLoader(catalogue)],
} satisfies Meta<typeof PlanFormScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const body = () => within(document.body);
const editing = (planId: string) => ({ args: { planId }, parameters: { route: '/plans/:planuuid', entry: `/plans/${planId}` } });

/**
 * What a pointer user clicks to open a select: its input, or the field box around it where Mantine
 * hides the input (a multi-select neither searchable nor with a placeholder, such as User roles).
 */
function clickTargetOf(combobox: HTMLElement): HTMLElement {
  let target = combobox;
  while (getComputedStyle(target).pointerEvents === 'none' && target.parentElement) target = target.parentElement;
  return target;
}

async function choose(scope: Canvas, label: RegExp | string, option: string) {
  await userEvent.click(clickTargetOf(scope.getByRole('combobox', { name: label })));
  await userEvent.click(await body().findByRole('option', { name: option }));
}

/** A row of the prices or limits ("Price 1", "Limit 2"). */
const rowOf = (canvas: Canvas, name: string) => within(canvas.getByRole('group', { name }));

/**
 * Creating a plan: the spec's users messages, then a product, users, two prices (the amount in
 * the currency's decimals, sent in minor units), limits added and one deleted, roles, published.
 */
export const Create: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const minUsers = await canvas.findByRole('textbox', { name: /^Min users/ });
    await userEvent.clear(minUsers);
    await userEvent.type(minUsers, '012');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Max users/ }), '10001');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await canvas.findByText('Enter a valid number of minimum users')).toBeInTheDocument();
    await expect(canvas.getByText('Enter a valid number of maximum users')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('addPlan')).toHaveLength(0);

    await userEvent.type(canvas.getByRole('textbox', { name: /^Plan Name/ }), 'Team');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), 'For teams');
    await choose(canvas, /^Product/, 'Meeting');
    await userEvent.clear(minUsers);
    await userEvent.type(minUsers, '2');
    const maxUsers = canvas.getByRole('textbox', { name: /^Max users/ });
    await userEvent.clear(maxUsers);
    await userEvent.type(maxUsers, '50');
    await userEvent.click(canvas.getByRole('switch', { name: /^Publish online/ }));

    await userEvent.click(canvas.getByRole('button', { name: 'Add price' }));
    await userEvent.type(rowOf(canvas, 'Price 1').getByRole('textbox', { name: /^Amount/ }), '12.99');
    await expect(rowOf(canvas, 'Price 1').getByText('$12.99')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add price' }));
    await choose(rowOf(canvas, 'Price 2'), 'Currency', 'JPY');
    await choose(rowOf(canvas, 'Price 2'), 'Billing cycle', 'Yearly');
    await userEvent.type(rowOf(canvas, 'Price 2').getByRole('textbox', { name: /^Amount/ }), '1500');

    await userEvent.click(canvas.getByRole('button', { name: 'Add limit' }));
    await choose(rowOf(canvas, 'Limit 1'), 'Limit', 'Meeting minutes');
    await userEvent.type(rowOf(canvas, 'Limit 1').getByRole('textbox', { name: 'Value' }), '5000');
    await userEvent.click(canvas.getByRole('button', { name: 'Add limit' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Delete limit 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add limit' }));
    await choose(rowOf(canvas, 'Limit 2'), 'Limit', 'Participants per meeting');
    await userEvent.type(rowOf(canvas, 'Limit 2').getByRole('textbox', { name: 'Value' }), '100');
    await choose(canvas, 'User roles', 'Member');

    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Plan created successfully')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('addPlan')[0]?.body).toEqual({
      name: 'Team',
      description: 'For teams',
      productId: meeting!.id,
      linkedPlanIds: [],
      minUsers: 2,
      maxUsers: 50,
      published: true,
      prices: [
        { currency: 'USD', billingCycle: 'monthly', amount: 1299 },
        { currency: 'JPY', billingCycle: 'yearly', amount: 1500 },
      ],
      limits: [
        { kind: 'meeting_minutes', value: 5000, unit: 'Minutes' },
        { kind: 'participants', value: 100, unit: 'Number' },
      ],
      roles: ['member'],
    });
    await expect(await body().findByTestId('location')).toHaveTextContent('/plans');
  },
};

/** Two prices for one currency and cycle, or more decimals than the currency has, are refused before sending. */
export const PriceRules: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add price' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add price' }));
    await userEvent.type(rowOf(canvas, 'Price 1').getByRole('textbox', { name: /^Amount/ }), '12.999');
    await userEvent.type(rowOf(canvas, 'Price 2').getByRole('textbox', { name: /^Amount/ }), '5');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(await rowOf(canvas, 'Price 1').findByText('Enter a valid amount')).toBeInTheDocument();
    await expect(rowOf(canvas, 'Price 2').getByText('This currency already has a price for this billing cycle')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete price 2' }));
    await expect(canvas.queryByRole('group', { name: 'Price 2' })).toBeNull();
    await expect(loadedCatalogueApi(loaded).requestsOf('addPlan')).toHaveLength(0);
  },
};

/** Editing loads the plan (prices as decimals, limits, links, roles); Delete all limits empties the list. */
export const Edit: Story = {
  ...editing(business!.id),
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Plan Name/ })).toHaveValue('Business');
    await expect(rowOf(canvas, 'Price 1').getByRole('textbox', { name: /^Amount/ })).toHaveValue('12.00');
    await expect(rowOf(canvas, 'Limit 1').getByRole('textbox', { name: 'Value' })).toHaveValue('100000');
    await expect(canvas.getAllByText(cloud!.name)[0]).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete all limits' }));
    await expect(canvas.getByText('No limits: the plan allows everything.')).toBeInTheDocument();
    await choose(canvas, /^Product/, 'Webinar');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Plan edited successfully')).toBeInTheDocument();
    await expect(loadedCatalogueApi(loaded).requestsOf('updatePlan')[0]?.body).toMatchObject({
      name: 'Business',
      productId: webinar!.id,
      minUsers: 5,
      maxUsers: 500,
      prices: [{ currency: 'USD', billingCycle: 'monthly', amount: 1200 }],
      limits: [],
      linkedPlanIds: [cloud!.id],
      roles: ['admin', 'member'],
    });
  },
};

/** A name another plan has: the server's 409 shows under the name, and the spec's failure text with it as the reason. */
export const NameTaken: Story = {
  ...editing(starter!.id),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Plan Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'business');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectCatalogueFailure('This name is already taken');
    await waitFor(() => expect(canvas.getByText('This name is already taken')).toBeInTheDocument());
  },
};

/** An unknown plan: says so and leads back to the list. */
export const Unknown: Story = {
  ...editing(unknownId),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This plan does not exist.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to plans' }));
    await expect(await body().findByTestId('location')).toHaveTextContent('/plans');
  },
};

function translated(language: Language, texts: { title: string; name: string; addPrice: string; addLimit: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeCatalogueApiLoader(catalogue), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('textbox', { name: new RegExp(`^${texts.name}`) })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.addPrice })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.addLimit })).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title }).closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Create Plan', name: 'Plan Name', addPrice: 'Add price', addLimit: 'Add limit' });
export const French = translated('fr', { title: 'Créer un forfait', name: 'Nom du forfait', addPrice: 'Ajouter un prix', addLimit: 'Ajouter une limite' });
export const Arabic = translated('ar', { title: 'إنشاء خطة', name: 'اسم الخطة', addPrice: 'إضافة سعر', addLimit: 'إضافة حد' });
export const Uzbek = translated('uz', { title: 'Tarif yaratish', name: 'Tarif nomi', addPrice: 'Narx qoʻshish', addLimit: 'Cheklov qoʻshish' });
