import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { fakeAuditEntry, languageLoader, withAdminProviders } from '../../testing';
import { AuditEntryDrawer } from './audit-entry-drawer';

const meta = {
  title: 'Tenants/AuditLog/AuditEntryDrawer',
  component: AuditEntryDrawer,
  decorators: [withAdminProviders],
  args: { opened: true, onClose: fn(), entry: fakeAuditEntry(1) },
} satisfies Meta<typeof AuditEntryDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** An update: before and after side by side, only the changed field marked. */
export const Update: Story = {
  play: async () => {
    const drawer = within(await body().findByRole('dialog', { name: 'Change details' }));
    await expect(drawer.getByText('Updated')).toBeInTheDocument();
    await expect(drawer.getByText('203.0.113.7')).toBeInTheDocument();
    const rows = within(drawer.getByRole('table', { name: 'Values before and after' })).getAllByRole('row');
    await expect(rows.filter((row) => row.hasAttribute('data-changed'))).toHaveLength(1);
  },
};

/** A creation with a masked secret: nothing before, the mask after. */
export const CreateWithSecret: Story = {
  args: { entry: fakeAuditEntry(2, { action: 'create', entity: 'media_client', before: null, after: { name: 'Web app', credential: '••••••' } }) },
  play: async () => {
    const drawer = within(await body().findByRole('dialog', { name: 'Change details' }));
    await expect(drawer.getByText('Client')).toBeInTheDocument();
    await expect(drawer.getByText('••••••')).toBeInTheDocument();
  },
};

/** Arabic: the drawer reads right to left. */
export const RightToLeft: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async () => {
    const drawer = await body().findByRole('dialog', { name: 'تفاصيل التغيير' });
    await expect(drawer.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
