import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fakeDid, fakeNumbersApiLoader, languageLoader, loadedNumbersApi, withAdminProviders } from '../../testing';
import { PhoneNumberFormDialog } from './phone-number-form-dialog';

const paris = fakeDid(1, { country: 'FR', number: '+33140000001' });
const washington = fakeDid(2, { country: 'US', number: '+12025550143', status: 'disabled', dialIn: false, dialOut: true });

const meta = {
  title: 'Tenants/PhoneNumbers/PhoneNumberFormDialog',
  component: PhoneNumberFormDialog,
  decorators: [withAdminProviders],
  loaders: [fakeNumbersApiLoader({ dids: [paris, washington] })],
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof PhoneNumberFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * The empty form with the spec's defaults (enabled, dial in); an empty submit asks for the
 * country and shows 'Enter a valid phone number'; a number in E.164 form is then created.
 */
export const Create: Story = {
  args: { onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create phone number' }));
    const number = dialog.getByRole('textbox', { name: /^Phone number/ });
    // The country has the focus, but its list stays closed over the other fields until asked for.
    await expect(dialog.getByRole('combobox', { name: /^Country/ })).toHaveFocus();
    await expect(body().queryByRole('listbox')).not.toBeInTheDocument();
    await expect(number).toHaveValue('');
    await expect(dialog.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Dial In' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Dial Out' })).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid phone number')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('combobox', { name: /^Country/ }));
    await userEvent.click(await body().findByRole('option', { name: 'France' }));
    await userEvent.type(number, '01 40 00 00 09');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid phone number')).toBeInTheDocument();
    await expect(dialog.queryByText('This field is required')).toBeNull();
    await expect(loadedNumbersApi(loaded).requestsOf('putDid')).toHaveLength(0);

    await userEvent.clear(number);
    await userEvent.type(number, '+33140000009');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Dial Out' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Phone number created successfully')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDid')[0]?.body).toEqual({ country: 'FR', number: '+33140000009', status: 'enabled', dialIn: true, dialOut: true });
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** Editing shows the stored number; one the tenant already has gets the server's 409 under the field. */
export const EditDuplicate: Story = {
  args: { did: washington, onClose: fn() },
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Edit phone number' }));
    const number = dialog.getByRole('textbox', { name: /^Phone number/ });
    await expect(dialog.getByRole('combobox', { name: /^Country/ })).toHaveValue('United States');
    await expect(number).toHaveValue('+12025550143');
    await expect(dialog.getByRole('checkbox', { name: 'Enabled' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Dial In' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Dial Out' })).toBeChecked();

    await userEvent.click(dialog.getByRole('combobox', { name: /^Country/ }));
    await userEvent.click(await body().findByRole('option', { name: 'France' }));
    await userEvent.clear(number);
    await userEvent.type(number, paris.number);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await dialog.findByText('This phone number already exists')).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();

    await userEvent.clear(number);
    await userEvent.type(number, '+33140000002');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Enabled' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Phone number edited successfully')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('updateDid').at(-1)?.body).toEqual({ country: 'FR', number: '+33140000002', status: 'enabled', dialIn: false, dialOut: true });
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** The server fails: its failure text shows as a snackbar and the dialog stays open. */
export const ServerError: Story = {
  args: { onClose: fn() },
  loaders: [fakeNumbersApiLoader({ failing: ['putDid'] })],
  play: async ({ args, loaded }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Create phone number' }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Country/ }));
    await userEvent.click(await body().findByRole('option', { name: 'France' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Phone number/ }), '+33140000009');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDid')).toHaveLength(1);
    await expect(dialog.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('+33140000009');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Arabic: the catalog's words and validation text, right to left; the number itself stays left to right. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [fakeNumbersApiLoader(), languageLoader('ar')],
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'إنشاء رقم هاتف' });
    const form = within(dialog);
    await userEvent.type(form.getByRole('textbox', { name: /^رقم الهاتف/ }), '12345');
    await userEvent.click(form.getByRole('button', { name: 'إنشاء' }));
    await expect(await form.findByText('أدخل رقم هاتف صالحًا')).toBeInTheDocument();
    await expect(form.getByText('هذا الحقل مطلوب')).toBeInTheDocument();
    await expect(dialog.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    await expect(form.getByRole('textbox', { name: /^رقم الهاتف/ }).closest('[dir]')).toHaveAttribute('dir', 'ltr');
  },
};
