import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeDid, fakeNumbersApiLoader, languageLoader, loadedNumbersApi, withAdminProviders } from '../../testing';
import { PhoneNumbersScreen } from './phone-numbers-screen';

const dids = [fakeDid(1, { country: 'FR', number: '+33140000001' }), fakeDid(2, { country: 'US', number: '+12025550143', status: 'disabled', dialIn: false, dialOut: true })];

const meta = {
  title: 'Tenants/PhoneNumbers/PhoneNumbersScreen',
  component: PhoneNumbersScreen,
  decorators: [withAdminProviders],
  loaders: [fakeNumbersApiLoader({ dids })],
} satisfies Meta<typeof PhoneNumbersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The spec's columns: Country Name, Phone Number, Status, Dial In, Dial Out. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Phone numbers' });
    for (const header of ['Country Name', 'Phone Number', 'Status', 'Dial In', 'Dial Out']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const us = within((await canvas.findByRole('cell', { name: '+12025550143' })).closest('tr')!);
    await expect(us.getByText('United States')).toBeInTheDocument();
    await expect(us.getByText('Disabled')).toBeInTheDocument();
    await expect(us.getAllByRole('img', { name: 'Yes' })).toHaveLength(1);
    await expect(us.getAllByRole('img', { name: 'No' })).toHaveLength(1);
  },
};

/** No number yet: an empty text. */
export const Empty: Story = {
  loaders: [fakeNumbersApiLoader({ dids: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no phone numbers!')).toBeInTheDocument();
  },
};

/** A failed load: the spec's failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeNumbersApiLoader({ dids, failing: ['getDids'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Creating: a number not in E.164 form, then one the server finds implausible, is refused with the spec's text. */
export const Create: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: '+33140000001' });
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Create phone number' }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Country/ }));
    await userEvent.click(await body().findByRole('option', { name: 'France' }));
    const number = dialog.getByRole('textbox', { name: /^Phone number/ });
    await userEvent.type(number, '01 40 00 00 09');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid phone number')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDid')).toHaveLength(0);

    await userEvent.clear(number);
    await userEvent.type(number, '+4930123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid phone number')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDid')).toHaveLength(1);

    await userEvent.clear(number);
    await userEvent.type(number, '+33140000009');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Dial Out' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Phone number created successfully')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDid')[1]?.body).toEqual({ country: 'FR', number: '+33140000009', status: 'enabled', dialIn: true, dialOut: true });
    await expect(await canvas.findByRole('cell', { name: '+33140000009' })).toBeInTheDocument();
  },
};

/** Editing to a number the tenant already has: the server's 409 shows under the field. */
export const EditDuplicate: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const row = within((await canvas.findByRole('cell', { name: '+12025550143' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Edit phone number' }));
    await expect(dialog.getByRole('checkbox', { name: 'Enabled' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('combobox', { name: /^Country/ }));
    await userEvent.click(await body().findByRole('option', { name: 'France' }));
    const number = dialog.getByRole('textbox', { name: /^Phone number/ });
    await userEvent.clear(number);
    await userEvent.type(number, '+33140000001');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByText('This phone number already exists')).toBeInTheDocument();
    await userEvent.clear(number);
    await userEvent.type(number, '+33140000002');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Phone number edited successfully')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('updateDid').at(-1)?.body).toMatchObject({ country: 'FR', number: '+33140000002', status: 'enabled' });
  },
};

/** Delete asks first, then deletes. */
export const Delete: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const row = within((await canvas.findByRole('cell', { name: '+33140000001' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete phone number' }));
    await expect(dialog.getByText('Are you sure you want to delete the phone number ?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('Phone number deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('cell', { name: '+33140000001' })).toBeNull());
    await expect(loadedNumbersApi(loaded).requestsOf('deleteDid')[0]?.path).toBe(`/dids/${dids[0]!.id}`);
  },
};

function translated(language: Language, texts: { title: string; create: string; empty: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeNumbersApiLoader({ dids: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.create })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Phone numbers', create: 'Create', empty: 'There are no phone numbers!' });
export const French = translated('fr', { title: 'Numéros de téléphone', create: 'Créer', empty: "Il n'y a aucun numéro de téléphone !" });
export const Arabic = translated('ar', { title: 'أرقام الهاتف', create: 'إنشاء', empty: 'لا توجد أرقام هاتف!' });
export const Uzbek = translated('uz', { title: 'Telefon raqamlari', create: 'Yaratish', empty: "Telefon raqamlari yo'q!" });
