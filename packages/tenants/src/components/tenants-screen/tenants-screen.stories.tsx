import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { FAKE_GENERATED_PASSWORD, fakeTenantsApiLoader, languageLoader, loadedTenantsApi, withAdminProviders, withMemoryRouter } from '../../testing';
import { TenantsScreen } from './tenants-screen';

const meta = {
  title: 'Tenants/Tenants/TenantsScreen',
  component: TenantsScreen,
  decorators: [withMemoryRouter, withAdminProviders],
  parameters: { route: '/tenant' },
  loaders: [fakeTenantsApiLoader()],
} satisfies Meta<typeof TenantsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The spec's columns: Tenant Name (a link to the detail), SName, Tenant Admin, Tenant Admin Email. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Tenants' });
    for (const header of ['Tenant Name', 'SName', 'Tenant Admin', 'Tenant Admin Email']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const acme = within((await canvas.findByRole('cell', { name: 'acme' })).closest('tr')!);
    await expect(acme.getByText('Admin 1')).toBeInTheDocument();
    await expect(acme.getByText('admin@acme.example')).toBeInTheDocument();
    await userEvent.click(acme.getByRole('link', { name: 'Acme' }));
    await expect(canvas.getByTestId('location')).toHaveTextContent(/^\/Tenant\/[0-9a-f-]{36}$/);
  },
};

/** Search goes to the server. */
export const Search: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'acme' });
    await userEvent.type(canvas.getByRole('searchbox'), 'glob');
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'acme' })).toBeNull());
    await expect(canvas.getByRole('cell', { name: 'globex' })).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('getTenants').at(-1)?.query.get('q')).toBe('glob');
  },
};

/** No tenant matches / exists: an empty text. */
export const Empty: Story = {
  loaders: [fakeTenantsApiLoader({ tenants: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no tenants!')).toBeInTheDocument();
  },
};

/** A failed load: the spec's failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeTenantsApiLoader({ failing: ['getTenants'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/**
 * Creating: a reserved subdomain is refused with the spec's 'Enter a valid subdomain', a taken one
 * with the server's 409; then the tenant is created and its administrator's sign-in info shows once.
 */
export const Create: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'acme' });
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Create tenant' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Name/ }), 'WWW');
    const subdomain = dialog.getByRole('textbox', { name: /^Subdomain/ });
    await expect(subdomain).toHaveValue('www');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Admin Email/ }), 'zed@zeta.example');
    await userEvent.type(dialog.getByRole('textbox', { name: /^First Name/ }), 'Zed');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Last Name/ }), 'Zimmer');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid subdomain')).toBeInTheDocument();
    await expect(loadedTenantsApi(loaded).requestsOf('addTenant')).toHaveLength(0);

    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'acme');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('This subdomain is already taken')).toBeInTheDocument();

    await userEvent.clear(dialog.getByRole('textbox', { name: /^Tenant Name/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Tenant Name/ }), 'Zeta');
    await userEvent.clear(subdomain);
    await userEvent.type(subdomain, 'zeta');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Tenant created successfully')).toBeInTheDocument();
    // The dialog's flags (from the platform's tenant defaults) are the create dialog's own tests' concern.
    await expect(loadedTenantsApi(loaded).requestsOf('addTenant').at(-1)?.body).toMatchObject({
      name: 'Zeta',
      sname: 'zeta',
      admin: { email: 'zed@zeta.example', firstName: 'Zed', lastName: 'Zimmer', passwordMode: 'generate' },
    });
    const info = within(await body().findByRole('dialog', { name: 'Sign-in information' }));
    await expect(info.getByDisplayValue(FAKE_GENERATED_PASSWORD)).toBeInTheDocument();
    await expect(info.getByDisplayValue('http://zeta.portal.example/portal/login')).toBeInTheDocument();
    await expect(await canvas.findByRole('cell', { name: 'zeta' })).toBeInTheDocument();
  },
};

/** Delete asks first (never offered for the platform tenant), then deletes. */
export const Delete: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const system = within((await canvas.findByRole('cell', { name: 'system' })).closest('tr')!);
    await expect(system.queryByRole('button', { name: 'Delete' })).toBeNull();
    const row = within(canvas.getByRole('cell', { name: 'globex' }).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete tenant' }));
    await expect(dialog.getByText('Are you sure you want to delete the tenant ?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('Tenant deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'globex' })).toBeNull());
    await expect(loadedTenantsApi(loaded).requestsOf('deleteTenant')).toHaveLength(1);
  },
};

/** A tenant administrator sees its own tenant, without Create or Delete. */
export const TenantAdministrator: Story = {
  loaders: [fakeTenantsApiLoader({ as: 'tenantadmin' })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('cell', { name: 'system' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'acme' })).toBeNull());
    await expect(canvas.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
  },
};

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
};

const csvFile = (text: string) => new File([text], 'users.csv', { type: 'text/csv' });

async function openImport(canvasElement: HTMLElement, sname: string) {
  const canvas = within(canvasElement);
  const row = within((await canvas.findByRole('cell', { name: sname })).closest('tr')!);
  await userEvent.click(row.getByRole('button', { name: 'Import Users' }));
  return within(await body().findByRole('dialog', { name: 'Import users' }));
}

/** Import Users on a row imports a CSV file into that tenant, with the users screen's dialog. */
export const ImportUsers: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedTenantsApi(loaded);
    const globex = api.tenants.find((tenant) => tenant.sname === 'globex')!;
    const dialog = await openImport(canvasElement, 'globex');
    await expect(dialog.getByText('The users are created in the tenant Globex.')).toBeInTheDocument();
    const text = 'email,firstName,lastName,role\nann@globex.example,Ann,Lee,member\nbo@globex.example,Bo,Berg,admin\n';
    await userEvent.upload(fileInput(), csvFile(text));
    await userEvent.click(dialog.getByRole('button', { name: 'Import' }));
    await expect(await body().findByText('2 users imported', undefined, { timeout: 3000 })).toBeInTheDocument();
    const [request] = api.requestsOf('startTenantUserImport');
    await expect(request?.path).toBe(`/tenants/${globex.id}/users/import-jobs`);
    await expect(request?.body).toBe(text);
    await expect(api.imported[globex.id]?.map((user) => user.email)).toEqual(['ann@globex.example', 'bo@globex.example']);
    await waitFor(() => expect(body().queryByRole('dialog', { name: 'Import users' })).toBeNull());
  },
};

/** A file over 1 MB is refused before any upload. */
export const ImportTooLarge: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await openImport(canvasElement, 'acme');
    await userEvent.upload(fileInput(), csvFile(`email,firstName,lastName,role\n${'x'.repeat(2 * 1024 * 1024)}`));
    await expect(await dialog.findByText('This file exceeds maximum upload size of 1 MB')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    await expect(loadedTenantsApi(loaded).requestsOf('startTenantUserImport')).toHaveLength(0);
  },
};

/** A file with bad rows: the errors of every row, and nothing imported. */
export const ImportRowErrors: Story = {
  play: async ({ canvasElement, loaded }) => {
    const dialog = await openImport(canvasElement, 'acme');
    await userEvent.upload(fileInput(), csvFile('email,firstName,lastName,role\nnot-an-email,Ann,Lee,member\nok@acme.example,Bo,9,member\n'));
    await userEvent.click(dialog.getByRole('button', { name: 'Import' }));
    await expect(await dialog.findByText('The file has errors; nothing was imported.', undefined, { timeout: 3000 })).toBeInTheDocument();
    const list = within(dialog.getByRole('list', { name: 'Errors by row' }));
    await expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Row 2, email: Enter a valid email', 'Row 3, lastName: Enter a valid last name']);
    await expect(Object.keys(loadedTenantsApi(loaded).imported)).toHaveLength(0);
  },
};

/** Export Users on a row downloads that tenant's users (the test checks the file). */
export const ExportUsers: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const api = loadedTenantsApi(loaded);
    const acme = api.tenants.find((tenant) => tenant.sname === 'acme')!;
    URL.createObjectURL ??= () => 'blob:fake';
    URL.revokeObjectURL ??= () => undefined;
    const row = within((await canvas.findByRole('cell', { name: 'acme' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Export Users' }));
    await waitFor(() => expect(api.requestsOf('exportTenantUsers')).toHaveLength(1));
    await expect(api.requestsOf('exportTenantUsers')[0]?.path).toBe(`/tenants/${acme.id}/users/export`);
  },
};

/** Download template saves the import template (the test checks the file). */
export const DownloadTemplate: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    URL.createObjectURL ??= () => 'blob:fake';
    URL.revokeObjectURL ??= () => undefined;
    await canvas.findByRole('cell', { name: 'acme' });
    await userEvent.click(canvas.getByRole('button', { name: 'Download template' }));
    await expect(loadedTenantsApi(loaded).requests.filter((request) => request.path.includes('/users/'))).toHaveLength(0);
  },
};

/** Without `user.put` and `user.get` there is no import, export or template. */
export const WithoutUserPermissions: Story = {
  loaders: [fakeTenantsApiLoader({ permissions: ['tenant.default.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'acme' });
    await expect(canvas.queryByRole('button', { name: 'Import Users' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Export Users' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Download template' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: 'Delete' }).length).toBeGreaterThan(0);
  },
};

/** `user.get` without `user.put`: export only. */
export const ExportOnly: Story = {
  loaders: [fakeTenantsApiLoader({ permissions: ['tenant.default.get', 'user.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'acme' });
    await expect(canvas.getAllByRole('button', { name: 'Export Users' })).toHaveLength(3);
    await expect(canvas.queryByRole('button', { name: 'Import Users' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Download template' })).toBeNull();
  },
};

function translated(language: Language, texts: { title: string; create: string; template: string; empty: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeTenantsApiLoader({ tenants: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(await canvas.findByRole('button', { name: texts.create })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.template })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Tenants', create: 'Create', template: 'Download template', empty: 'There are no tenants!' });
export const French = translated('fr', { title: 'Locataires', create: 'Créer', template: 'Télécharger le modèle', empty: "Il n'y a aucun locataire !" });
export const Arabic = translated('ar', { title: 'المستأجرون', create: 'إنشاء', template: 'تنزيل القالب', empty: 'لا يوجد مستأجرون!' });
export const Uzbek = translated('uz', { title: 'Tenantlar', create: 'Yaratish', template: 'Shablonni yuklab olish', empty: "Tenantlar yo'q!" });
