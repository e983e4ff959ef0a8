import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeSmtp, fakeSystemTenant, fakeTenant, fakeTenantsApiLoader, languageLoader, loadedTenantsApi, withAdminProviders } from '../../testing';
import { TenantSmtpForm } from './tenant-smtp-form';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme' });
const tenants = [fakeSystemTenant, acme];
const stored = fakeSmtp();

const meta = {
  title: 'Tenants/Tenants/TenantSmtpForm',
  component: TenantSmtpForm,
  decorators: [withAdminProviders],
  args: { tenantId: acme.id, smtp: stored, defaultTestRecipient: 'root@platform.example' },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants), smtp: { [acme.id]: stored } })],
} satisfies Meta<typeof TenantSmtpForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * No SMTP server yet: the empty form says the platform's server is used and the test mail waits;
 * an empty save shows 'Enter a valid host name', 'This field is required' and the spec's
 * 'Enter a valid email'; the filled form is then created.
 */
export const NoSmtpYet: Story = {
  args: { smtp: null },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'SMTP' }));
    await expect(form.getByText("This tenant's mail goes through the platform's mail server until its own is saved here.")).toBeInTheDocument();
    await expect(form.getByRole('textbox', { name: /^Host/ })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: /^Port/ })).toHaveValue('587');
    await expect(canvas.getByRole('button', { name: 'Send test mail' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Test mail recipient' })).toBeDisabled();

    await userEvent.type(form.getByRole('textbox', { name: /^Sender email/ }), 'noreply');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText('Enter a valid host name')).toBeInTheDocument();
    await expect(form.getByText('This field is required')).toBeInTheDocument();
    await expect(form.getByText('Enter a valid email')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenantSMTP')).toHaveLength(0);

    await userEvent.type(form.getByRole('textbox', { name: /^Host/ }), 'smtp.acme.example');
    await userEvent.type(form.getByRole('textbox', { name: /^Sender name/ }), 'Acme');
    await userEvent.type(form.getByRole('textbox', { name: /^Sender email/ }), '@acme.example');
    await userEvent.type(form.getByLabelText('Password'), 'S3cret');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('SMTP settings saved successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenantSMTP')[0]?.body).toEqual({
      host: 'smtp.acme.example',
      port: 587,
      security: 'starttls',
      username: null,
      fromName: 'Acme',
      fromEmail: 'noreply@acme.example',
      password: 'S3cret',
    });
  },
};

/**
 * Stored settings: the password is never shown and kept when left empty; the test mail waits for
 * unsaved changes, then shows the server's answer.
 */
export const KeepsStoredPassword: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'SMTP' }));
    await expect(form.getByRole('textbox', { name: /^Host/ })).toHaveValue('smtp.example.com');
    await expect(form.getByText('A password is stored; leave empty to keep it')).toBeInTheDocument();
    await expect(form.getByLabelText('Password')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    const port = form.getByRole('textbox', { name: /^Port/ });
    await userEvent.clear(port);
    await userEvent.type(port, '2525');
    await expect(canvas.getByText('Save the settings before sending a test mail.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send test mail' })).toBeDisabled();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('SMTP settings saved successfully')).toBeInTheDocument();
    const saved = loadedTenantsApi(loaded).requestsOf('updateTenantSMTP')[0]?.body as Record<string, unknown>;
    await expect(saved).toMatchObject({ host: 'smtp.example.com', port: 2525, username: 'mailer' });
    await expect(saved).not.toHaveProperty('password');

    await waitFor(() => expect(canvas.getByRole('button', { name: 'Send test mail' })).toBeEnabled());
    await expect(canvas.getByRole('textbox', { name: 'Test mail recipient' })).toHaveValue('root@platform.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test mail' }));
    const status = await canvas.findByRole('status');
    await expect(within(status).getByText('Test mail sent')).toBeInTheDocument();
    await expect(within(status).getByText('250 2.0.0 OK queued')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('sendTenantTestMail')[0]?.body).toEqual({ to: 'root@platform.example' });
  },
};

/** A bad recipient gets 'Enter a valid email' before any call; a failing SMTP server shows its own error text. */
export const TestMailFails: Story = {
  loaders: [
    fakeTenantsApiLoader({ tenants: structuredClone(tenants), smtp: { [acme.id]: stored }, testMail: { delivered: false, message: 'Invalid login: 535 Authentication failed' } }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const recipient = await canvas.findByRole('textbox', { name: 'Test mail recipient' });
    await userEvent.clear(recipient);
    await userEvent.type(recipient, 'nobody');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test mail' }));
    await expect(await canvas.findByText('Enter a valid email')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('sendTenantTestMail')).toHaveLength(0);

    await userEvent.type(recipient, '@acme.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send test mail' }));
    const status = await canvas.findByRole('status');
    await expect(within(status).getByText('The test mail could not be sent')).toBeInTheDocument();
    await expect(within(status).getByText('Invalid login: 535 Authentication failed')).toBeInTheDocument();
    await expect(canvas.queryByText('Enter a valid email')).toBeNull();
  },
};

/** Arabic: the catalog's words and validation texts (a host with a space), right to left; the host stays left to right. */
export const Arabic: Story = {
  args: { smtp: null },
  parameters: { language: 'ar' },
  loaders: [fakeTenantsApiLoader({ tenants: structuredClone(tenants) }), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const formElement = await within(canvasElement).findByRole('form', { name: 'SMTP' });
    const form = within(formElement);
    await expect(form.getByText('يمر بريد هذا المستأجر عبر خادم بريد المنصة إلى أن يُحفظ خادمه الخاص هنا.')).toBeInTheDocument();
    await expect(form.getByRole('button', { name: 'حفظ' })).toBeDisabled();
    await userEvent.type(form.getByRole('textbox', { name: /^المضيف/ }), 'smtp acme');
    await userEvent.click(form.getByRole('button', { name: 'حفظ' }));
    await expect(await form.findByText('أدخل اسم مضيف صالحًا')).toBeInTheDocument();
    await expect(form.getByText('أدخل بريدًا إلكترونيًا صالحًا')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'إرسال بريد تجريبي' })).toBeDisabled();
    await expect(formElement.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    await expect(form.getByRole('textbox', { name: /^المضيف/ }).closest('[dir]')).toHaveAttribute('dir', 'ltr');
  },
};
