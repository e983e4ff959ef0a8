import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeSystemTenant, fakeTenant, fakeTenantsApiLoader, languageLoader, loadedTenantsApi, withAdminProviders, type FakeTenantsApiOptions } from '../../testing';
import { TenantThemeSection } from './tenant-theme-section';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });
const themes = { [acme.id]: { primary: '#f76707', text: '#343a40', background: 'rgb(255, 255, 255)' } };
// A fresh fake on every run: saving changes the themes it holds.
const apiLoader = (options: FakeTenantsApiOptions = {}) => () => fakeTenantsApiLoader({ tenants: structuredClone([fakeSystemTenant, acme]), themes: structuredClone(themes), ...options })();

const meta = {
  title: 'Tenants/Tenants/TenantThemeSection',
  component: TenantThemeSection,
  decorators: [withAdminProviders],
  args: { tenantId: acme.id, sname: acme.sname },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantThemeSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const jsonFile = (text: string, name = 'theme.json') => new File([text], name, { type: 'application/json' });
const fileInputOf = (element: HTMLElement) => element.querySelector<HTMLInputElement>('input[type="file"]')!;

/** The colour variables as swatches with their names and values; the theme downloads as a theme file. */
export const Colours: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByRole('list', { name: 'Theme colours' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(3);
    await expect(list.getByText('primary')).toBeInTheDocument();
    await expect(list.getByText('#f76707')).toBeInTheDocument();
    await expect(list.getByText('rgb(255, 255, 255)')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Download theme' }));
  },
};

/** A theme whose colours fall below AA names each failing pair with its ratio, and saving one warns. */
export const ContrastWarning: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const warning = await canvas.findByRole('status', { name: 'Some colours of this theme do not meet WCAG AA contrast (4.5:1)' });
    // #f76707 as text on white, 3.04:1.
    await expect(warning).toHaveTextContent("primary (#f76707) on the portal's white surface (#ffffff): 3.04:1");
    const fieldset = await canvas.findByRole('group', { name: 'Theme file' });
    await userEvent.upload(fileInputOf(fieldset), jsonFile('{"lite": {"primary": "#fab005", "primaryContrast": "#ffffff", "text": "#212529"}}'));
    await expect(await body().findByText('Theme updated successfully')).toBeInTheDocument();
    // The notification and the section's warning both say it.
    await expect(await body().findAllByText('Some colours of this theme do not meet WCAG AA contrast (4.5:1)')).toHaveLength(2);
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Some colours of this theme do not meet WCAG AA contrast (4.5:1)' })).toHaveTextContent(/primaryContrast \(#ffffff\) on primary \(#fab005\): 1\.86:1/));
  },
};

/** A theme that meets AA shows no warning. */
export const NoContrastWarning: Story = {
  loaders: [apiLoader({ themes: { [acme.id]: { primary: '#1d4ed8', primaryContrast: '#ffffff', text: '#1f2937', background: '#f8fafc' } } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: 'Theme colours' })).toBeInTheDocument();
    await expect(canvas.queryByText('Some colours of this theme do not meet WCAG AA contrast (4.5:1)')).toBeNull();
  },
};

/** Anything but a .json file of colours is refused with the spec's words, and nothing is sent. */
export const NotJson: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const fieldset = await canvas.findByRole('group', { name: 'Theme file' });
    // The picker's filter can be switched off by the user: a text file still reaches the check.
    await userEvent.setup({ applyAccept: false }).upload(fileInputOf(fieldset), new File(['{"lite": {"primary": "#000000"}}'], 'theme.txt', { type: 'text/plain' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^Supports only json format$/);
    for (const text of ['not json at all', '["#000000"]', '{"lite": {"primary": "orange"}}', '{"lite": {"primary": 12}}']) {
      await userEvent.upload(fileInputOf(fieldset), jsonFile(text));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(/^Supports only json format$/);
    }
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenantTheme')).toHaveLength(0);
  },
};

/** A theme file replaces the theme with exactly its light colours. */
export const UploadTheme: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const fieldset = await canvas.findByRole('group', { name: 'Theme file' });
    await userEvent.upload(fileInputOf(fieldset), jsonFile('{"lite": {"primary": "#1c7ed6", "text": "#212529"}, "dark": {"primary": "#000000"}}'));
    await expect(await body().findByText('Theme updated successfully')).toBeInTheDocument();
    const saved = loadedTenantsApi(loaded).requestsOf('updateTenantTheme');
    await expect(saved).toHaveLength(1);
    await expect(saved[0]?.body).toEqual({ lite: { primary: '#1c7ed6', text: '#212529' } });
    const list = within(canvas.getByRole('list', { name: 'Theme colours' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(2);
    await expect(list.getByText('#1c7ed6')).toBeInTheDocument();
  },
};

/** The server's 400 for a theme it cannot use reads like the file check. */
export const ServerRefuses: Story = {
  loaders: [apiLoader({ refusing: ['updateTenantTheme'] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const fieldset = await canvas.findByRole('group', { name: 'Theme file' });
    await userEvent.upload(fileInputOf(fieldset), jsonFile('{"primary": "#1c7ed6"}'));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/^Supports only json format$/);
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenantTheme')[0]?.body).toEqual({ lite: { primary: '#1c7ed6' } });
  },
};

/** Reset asks first, then puts an empty theme: the portal's default colours. */
export const ResetToDefault: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reset to default' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Reset theme' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Reset' }));
    await expect(await body().findByText('Theme updated successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('updateTenantTheme')[0]?.body).toEqual({ lite: {} });
    await expect(await canvas.findByText("This tenant uses the portal's default colours.")).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  },
};

/** Without `tenant.brand.update` the theme shows and downloads but cannot change. */
export const ReadOnly: Story = {
  loaders: [apiLoader({ permissions: ['tenant.brand.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: 'Theme colours' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Download theme' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Upload theme file' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Reset to default' })).toBeNull();
  },
};

/** In Arabic, right to left with the catalog's words. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fieldset = await canvas.findByRole('group', { name: 'ملف السمة' });
    await expect(within(fieldset).getByRole('button', { name: 'رفع ملف السمة' })).toBeInTheDocument();
    await expect(fieldset.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
