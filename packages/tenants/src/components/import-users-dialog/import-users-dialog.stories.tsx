import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeUsersApiLoader, loadedApi, withUsersProviders } from '../../testing';
import { ImportUsersDialog } from './import-users-dialog';

const meta = {
  title: 'Tenants/Users/ImportUsersDialog',
  component: ImportUsersDialog,
  decorators: [withUsersProviders],
  loaders: [fakeUsersApiLoader()],
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof ImportUsersDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

function fileInput(canvasElement: HTMLElement) {
  const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

export const ChooseFile: Story = {
  play: async ({ canvasElement, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Import users' }));
    await expect(dialog.getByRole('link', { name: 'Download template' })).toHaveAttribute('download');
    await userEvent.click(dialog.getByRole('button', { name: 'Import' }));
    await expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    await expect(loadedApi(loaded).requestsOf('startUserImport')).toHaveLength(0);
  },
};

export const TooLarge: Story = {
  play: async ({ canvasElement, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('dialog', { name: 'Import users' });
    const big = new File([`email,firstName,lastName,role\n${'x'.repeat(1024 * 1024)}`], 'users.csv', { type: 'text/csv' });
    await userEvent.upload(fileInput(canvasElement), big);
    await expect(await body.findByText('This file exceeds maximum upload size of 1 MB')).toBeInTheDocument();
    await expect(loadedApi(loaded).requestsOf('startUserImport')).toHaveLength(0);
  },
};

export const RowErrors: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Import users' }));
    const csv = new File(['email,firstName,lastName,role\nbad-email,Ann,Lee,member\n'], 'users.csv', { type: 'text/csv' });
    await userEvent.upload(fileInput(canvasElement), csv);
    await userEvent.click(dialog.getByRole('button', { name: 'Import' }));
    await expect(await dialog.findByText('The file has errors; nothing was imported.', undefined, { timeout: 3000 })).toBeInTheDocument();
    await expect(dialog.getByText('Row 2, email: Enter a valid email')).toBeInTheDocument();
  },
};

/** A large file: while the server's job runs, the dialog shows the rows read, created and refused, then closes with the count. */
export const Progress: Story = {
  args: { onClose: fn() },
  play: async ({ canvasElement, args, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Import users' }));
    const rows = Array.from({ length: 1000 }, (_, index) => `bulk${index}@acme.example,Ann,Lee,member`);
    await userEvent.upload(fileInput(canvasElement), new File([['email,firstName,lastName,role', ...rows].join('\n')], 'users.csv', { type: 'text/csv' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Import' }));
    const progress = within(await dialog.findByRole('status', { name: 'Import progress' }));
    await expect(await progress.findByText('Rows read: 500 of 1000 · Created: 0 · Refused: 0')).toBeInTheDocument();
    await expect(await progress.findByText('Rows read: 1000 of 1000 · Created: 500 · Refused: 0', undefined, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled(), { timeout: 3000 });
    await expect(await body.findByText('1,000 users imported')).toBeInTheDocument();
    await expect(loadedApi(loaded).users).toHaveLength(1003);
  },
};

/** A file that would take the tenant past its user limit is refused whole: the reason in the dialog, open to try another. */
export const UserLimitReached: Story = {
  loaders: [fakeUsersApiLoader({ maxUsers: 4 })],
  play: async ({ canvasElement, args, loaded }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Import users' }));
    const csv = new File(['email,firstName,lastName,role\nann@acme.example,Ann,Lee,member\nbob@acme.example,Bob,Ray,member\n'], 'users.csv', { type: 'text/csv' });
    await userEvent.upload(fileInput(canvasElement), csv);
    await userEvent.click(dialog.getByRole('button', { name: 'Import' }));
    await expect(await body.findByText('This tenant has reached its maximum number of users.', undefined, { timeout: 3000 })).toBeInTheDocument();
    await expect(loadedApi(loaded).users).toHaveLength(3);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
