import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fakeAdminApiLoader, fakeTenants, languageLoader, loadedAdminApi, withAdminProviders } from '../../testing';
import { TenantPicker, type TenantPickerProps } from './tenant-picker';

const [acme, globex] = fakeTenants;

/** Holds the value as a screen does, and reports each change to the story's spy. */
function Controlled(args: TenantPickerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <TenantPicker
      {...args}
      value={value}
      onChange={(tenantId) => {
        setValue(tenantId);
        args.onChange(tenantId);
      }}
    />
  );
}

const meta = {
  title: 'Tenants/TenantPicker',
  component: TenantPicker,
  decorators: [withAdminProviders],
  loaders: [fakeAdminApiLoader()],
  args: { value: null, onChange: fn(), w: 240 },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof TenantPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Empty means the caller's own tenant; opening lists the tenants from getTenants. */
export const OwnTenantFirst: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByPlaceholderText('Your tenant');
    await expect(input).toHaveValue('');
    await userEvent.click(input);
    await expect(await body().findByRole('option', { name: acme!.name })).toBeInTheDocument();
    await expect(body().getByRole('option', { name: globex!.name })).toBeInTheDocument();
  },
};

/** Typing searches on the server; choosing a tenant hands over its id. */
export const SearchAndChoose: Story = {
  play: async ({ canvasElement, args, loaded }) => {
    const input = within(canvasElement).getByPlaceholderText('Your tenant');
    await userEvent.type(input, 'glo');
    const api = loadedAdminApi(loaded);
    await waitFor(() => expect(api.requestsOf('getTenants').at(-1)?.query.get('q')).toBe('glo'));
    await waitFor(() => expect(body().queryByRole('option', { name: acme!.name })).toBeNull());
    await userEvent.click(await body().findByRole('option', { name: globex!.name }));
    await expect(args.onChange).toHaveBeenLastCalledWith(globex!.id);
    await expect(input).toHaveValue(globex!.name);
  },
};

/** Starting from a chosen tenant, which it shows by name. */
export const Chosen: Story = {
  args: { value: acme!.id },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByPlaceholderText('Your tenant');
    await waitFor(() => expect(input).toHaveValue(acme!.name));
  },
};

/** The placeholder in French. */
export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [fakeAdminApiLoader(), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByPlaceholderText('Votre locataire')).toBeInTheDocument();
  },
};
