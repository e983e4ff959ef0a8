import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  FAKE_IMAGE_URL,
  fakeSystemTenant,
  fakeTenant,
  fakeTenantsApiLoader,
  languageLoader,
  loadedTenantsApi,
  withAdminProviders,
  type FakeTenantsApiOptions,
  type FakeUpload,
} from '../../testing';
import { TenantBrandingSection } from './tenant-branding-section';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });
const brands = { [acme.id]: { loginHeading: 'Welcome to Acme', dialIn: '+33 1 23 45 67 89', images: { logoWhite: FAKE_IMAGE_URL } } };
// A fresh fake on every run: saving changes the tenants it holds.
const apiLoader = (options: FakeTenantsApiOptions = {}) => () => fakeTenantsApiLoader({ tenants: structuredClone([fakeSystemTenant, acme]), brands, ...options })();

const meta = {
  title: 'Tenants/Tenants/TenantBrandingSection',
  component: TenantBrandingSection,
  decorators: [withAdminProviders],
  args: { tenantId: acme.id },
  loaders: [apiLoader()],
} satisfies Meta<typeof TenantBrandingSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const fileInputOf = (group: HTMLElement) => group.querySelector<HTMLInputElement>('input[type="file"]')!;

/** The texts: a bad brand URL is refused before any call; saving sends only what changed, an emptied text as null. */
export const EditTexts: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedTenantsApi(loaded);
    const form = within(await within(canvasElement).findByRole('form', { name: 'Branding' }));
    await expect(form.getByRole('textbox', { name: /^Brand name/ })).toHaveValue('Acme Meet');
    await expect(form.getByRole('textbox', { name: 'Login page heading' })).toHaveValue('Welcome to Acme');
    await expect(form.getByRole('textbox', { name: /^Dial-in information/ })).toHaveValue('+33 1 23 45 67 89');

    const url = form.getByRole('textbox', { name: 'Brand URL' });
    await userEvent.type(url, 'acme.example');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await form.findByText('Enter a valid URL')).toBeInTheDocument();
    await expect(api.requestsOf('updateBrand')).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://acme.example/meet');
    const name = form.getByRole('textbox', { name: /^Brand name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Video');
    await userEvent.clear(form.getByRole('textbox', { name: 'Login page heading' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Register page text' }), 'Sign up in one minute.');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Brand updated successfully')).toBeInTheDocument();
    await expect(api.requestsOf('updateBrand')).toHaveLength(1);
    await expect(api.requestsOf('updateBrand')[0]?.body).toEqual({
      brandname: 'Acme Video',
      brandUrl: 'https://acme.example/meet',
      loginHeading: null,
      registerBody: 'Sign up in one minute.',
    });
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/** An image over 2 MB or of another type is refused before the upload; a PNG goes up as it is. */
export const UploadImage: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedTenantsApi(loaded);
    const slot = await within(canvasElement).findByRole('group', { name: 'Black logo' });
    const group = within(slot);
    await expect(group.getByText('No image')).toBeInTheDocument();
    await expect(group.queryByRole('button', { name: 'Remove' })).toBeNull();

    await userEvent.upload(fileInputOf(slot), new File([new Uint8Array(3 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    await expect(await group.findByRole('alert')).toHaveTextContent('This image exceeds maximum upload size of 2 MB');
    // The picker's filter can be switched off by the user: a GIF still reaches the check.
    await userEvent.setup({ applyAccept: false }).upload(fileInputOf(slot), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    await expect(await group.findByText('Choose a PNG or JPEG image')).toBeInTheDocument();
    await expect(api.requestsOf('uploadBrandImage')).toHaveLength(0);

    const logo = new File([new Uint8Array(PNG)], 'logo.png', { type: 'image/png' });
    await userEvent.upload(fileInputOf(slot), logo);
    await expect(await body().findByText('Image uploaded successfully')).toBeInTheDocument();
    const [upload] = api.requestsOf('uploadBrandImage');
    await expect(upload?.method).toBe('PUT');
    await expect(upload?.path).toBe(`/tenants/${acme.id}/brand/images/logoDark`);
    const sent = upload?.body as FakeUpload;
    await expect(sent.contentType).toBe('image/png');
    await expect([...sent.bytes]).toEqual(PNG);
    await expect(await group.findByRole('img', { name: 'Black logo' })).toBeInTheDocument();
    await expect(group.queryByRole('alert')).toBeNull();
  },
};

/** The server checks the content too: a file named .png that is not an image gets the same words. */
export const ServerRefusesImage: Story = {
  play: async ({ canvasElement, loaded }) => {
    const slot = await within(canvasElement).findByRole('group', { name: 'Favicon' });
    await userEvent.upload(fileInputOf(slot), new File(['not an image'], 'favicon.png', { type: 'image/png' }));
    await expect(await within(slot).findByRole('alert')).toHaveTextContent('Choose a PNG or JPEG image');
    await expect(loadedTenantsApi(loaded).requestsOf('uploadBrandImage')).toHaveLength(1);
  },
};

/** Removing an image: the portal's default shows again. */
export const RemoveImage: Story = {
  play: async ({ canvasElement, loaded }) => {
    const slot = await within(canvasElement).findByRole('group', { name: 'White logo' });
    const group = within(slot);
    await expect(group.getByRole('img', { name: 'White logo' })).toHaveAttribute('src', FAKE_IMAGE_URL);
    await userEvent.click(group.getByRole('button', { name: 'Remove' }));
    await expect(await body().findByText('Image removed successfully')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('deleteBrandImage')[0]?.path).toBe(`/tenants/${acme.id}/brand/images/logoWhite`);
    await expect(await group.findByText('No image')).toBeInTheDocument();
    await expect(group.queryByRole('img')).toBeNull();
  },
};

/** Without the brand's write permissions everything shows and nothing changes. */
export const ReadOnly: Story = {
  loaders: [apiLoader({ permissions: ['tenant.brand.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Branding' }));
    await expect(form.getByRole('textbox', { name: /^Brand name/ })).toBeDisabled();
    await expect(form.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(canvas.getByRole('img', { name: 'White logo' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Upload' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Remove' })).toBeNull();
  },
};

/** A failed load offers a retry. */
export const LoadError: Story = {
  loaders: [apiLoader({ failing: ['getBrands'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await expect(canvas.queryByRole('form')).toBeNull();
  },
};

/** In Arabic, right to left with the catalog's words. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'العلامة التجارية' });
    await expect(within(form).getByRole('textbox', { name: 'رابط العلامة التجارية' })).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'الشعار الأسود' })).toBeInTheDocument();
    await expect(form.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};
