import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fakeUsersApiLoader, withUsersProviders } from '../../testing';
import { SignInInfoDialog } from './sign-in-info-dialog';

const meta = {
  title: 'Tenants/Users/SignInInfoDialog',
  component: SignInInfoDialog,
  decorators: [withUsersProviders],
  loaders: [fakeUsersApiLoader()],
  args: {
    opened: true,
    signIn: { email: 'nodira.karimova@acme.example', password: 'Tq7-mB2x-Lp9', url: 'https://acme.portal.localhost/portal/login' },
    onClose: fn(),
  },
} satisfies Meta<typeof SignInInfoDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CopyAll: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Sign-in information' }));
    await expect(dialog.getByRole('textbox', { name: 'Password' })).toHaveValue('Tq7-mB2x-Lp9');
    await userEvent.click(dialog.getByRole('button', { name: 'Copy all' }));
    await expect(await body.findByText('User info copied')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};
