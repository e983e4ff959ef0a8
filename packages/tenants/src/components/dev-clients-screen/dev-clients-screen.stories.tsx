import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { FAKE_ADMIN_ROLE_ID, FAKE_SECRET, fakeDevClient, fakeNumbersApiLoader, languageLoader, loadedNumbersApi, withAdminProviders } from '../../testing';
import { DevClientsScreen } from './dev-clients-screen';

const devClients = [fakeDevClient(1, { name: 'Analytics' }), fakeDevClient(2, { name: 'CRM sync', status: 'disabled' })];

const meta = {
  title: 'Tenants/DevClients/DevClientsScreen',
  component: DevClientsScreen,
  decorators: [withAdminProviders],
  loaders: [fakeNumbersApiLoader({ devClients })],
} satisfies Meta<typeof DevClientsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** The spec's columns Name and Client ID. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Developer clients' });
    for (const header of ['Name', 'Client ID']) await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const row = within((await canvas.findByRole('cell', { name: 'Analytics' })).closest('tr')!);
    await expect(row.getByText(devClients[0]!.clientId)).toBeInTheDocument();
  },
};

/** No client yet: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeNumbersApiLoader({ devClients: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no clients!')).toBeInTheDocument();
  },
};

/** Creating: bad redirect URIs and origins show the spec texts; then the secret shows once with copy buttons. */
export const CreateShowsSecretOnce: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Analytics' });
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await dialog.findByText('Enter a valid CLient')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Reports');
    await userEvent.type(dialog.getByRole('combobox', { name: /^Redirect URIs/ }), 'http://reports.example.com/cb{enter}');
    await userEvent.type(dialog.getByRole('combobox', { name: /^Web origins/ }), 'https://reports.example.com/app{enter}');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await dialog.findByText('Enter a valid Uris')).toBeInTheDocument();
    await expect(dialog.getByText('Please provide a valid content')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDevClient')).toHaveLength(0);

    // Start over with valid values and the admin role.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const again = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.type(again.getByRole('textbox', { name: /^Name/ }), 'Reports');
    await userEvent.type(again.getByRole('combobox', { name: /^Redirect URIs/ }), 'https://reports.example.com/cb{enter}');
    await userEvent.type(again.getByRole('combobox', { name: /^Web origins/ }), 'https://reports.example.com{enter}');
    await userEvent.click(again.getByRole('combobox', { name: /^Role/ }));
    await userEvent.click(await body().findByRole('option', { name: 'admin' }));
    await userEvent.click(again.getByRole('button', { name: 'Submit' }));
    await expect(await body().findByText('Reports created successfully')).toBeInTheDocument();
    const secretDialog = within(await body().findByRole('dialog', { name: 'Client credentials' }));
    await expect(secretDialog.getByRole('textbox', { name: 'Client secret' })).toHaveValue(FAKE_SECRET);
    await expect(secretDialog.getByRole('button', { name: 'Copy Client secret' })).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('putDevClient')[0]?.body).toEqual({
      name: 'Reports',
      status: 'enabled',
      redirectUris: ['https://reports.example.com/cb'],
      webOrigins: ['https://reports.example.com'],
      roleId: FAKE_ADMIN_ROLE_ID,
    });
    await userEvent.click(secretDialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(body().queryByText(FAKE_SECRET)).toBeNull());
    await expect(await canvas.findByRole('cell', { name: 'Reports' })).toBeInTheDocument();
  },
};

/** Editing: disabling is sent as the status; no secret shows unless regenerated. */
export const EditDisable: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const row = within((await canvas.findByRole('cell', { name: 'Analytics' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Edit client' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Status' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));
    await expect(await body().findByText('Analytics edited successfully')).toBeInTheDocument();
    await expect(loadedNumbersApi(loaded).requestsOf('updateDevClient')[0]?.body).toMatchObject({ status: 'disabled' });
    await expect(body().queryByRole('dialog', { name: 'Client credentials' })).toBeNull();
  },
};

/** Delete asks the spec's question first, then deletes. */
export const Delete: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const row = within((await canvas.findByRole('cell', { name: 'CRM sync' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete client' }));
    await expect(dialog.getByText('Are you sure you want to delete the client ?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('CRM sync deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'CRM sync' })).toBeNull());
    await expect(loadedNumbersApi(loaded).requestsOf('deleteDevClient')[0]?.path).toBe(`/dev-clients/${devClients[1]!.id}`);
  },
};

function translated(language: Language, texts: { title: string; create: string; empty: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeNumbersApiLoader({ devClients: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.create })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Develops', create: 'Create', empty: 'There are no clients!' });
export const French = translated('fr', { title: 'Développeurs', create: 'Créer', empty: "Il n'y a aucun client !" });
export const Arabic = translated('ar', { title: 'المطوّرون', create: 'إنشاء', empty: 'لا يوجد عملاء!' });
export const Uzbek = translated('uz', { title: 'Dasturchilar', create: 'Yaratish', empty: 'Mijozlar yoʻq!' });
