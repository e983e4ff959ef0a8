import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FAKE_SECRET, fakeDevClient, languageLoader, withAdminProviders } from '../../testing';
import { ClientSecretDialog } from './client-secret-dialog';

const { clientId } = fakeDevClient(1);

const meta = {
  title: 'Tenants/DevClients/ClientSecretDialog',
  component: ClientSecretDialog,
  decorators: [withAdminProviders],
  args: { opened: true, credentials: { clientId, secret: FAKE_SECRET }, onClose: fn() },
} satisfies Meta<typeof ClientSecretDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Right after the secret was made: the warning, the client id and the secret, read-only; Done closes. */
export const ShowsCredentialsOnce: Story = {
  args: { onClose: fn() },
  play: async ({ args }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Client credentials' }));
    await expect(dialog.getByText('Copy the secret now: it will not be shown again.')).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: 'Client ID' })).toHaveValue(clientId);
    await expect(dialog.getByRole('textbox', { name: 'Client secret' })).toHaveValue(FAKE_SECRET);
    await expect(dialog.getByRole('textbox', { name: 'Client secret' })).toHaveAttribute('readonly');
    await expect(dialog.getByRole('button', { name: 'Copy Client ID' })).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** The copy button copies the secret and says so; the dialog stays open. */
export const CopySecret: Story = {
  args: { onClose: fn() },
  play: async ({ args }) => {
    const dialog = within(await body().findByRole('dialog', { name: 'Client credentials' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Copy Client secret' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Copied' })).toBeInTheDocument());
    await expect(dialog.getByRole('button', { name: 'Copy Client ID' })).toBeInTheDocument();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Arabic: the catalog's words, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'بيانات اعتماد العميل' });
    await expect(within(dialog).getByText('انسخ السر الآن: لن يُعرض مرة أخرى.')).toBeInTheDocument();
    await expect(within(dialog).getByRole('textbox', { name: 'السر الخاص بالعميل' })).toHaveValue(FAKE_SECRET);
    await expect(within(dialog).getByRole('button', { name: 'تم' })).toBeInTheDocument();
    await expect(dialog.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
