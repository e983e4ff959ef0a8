import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeAdminApiLoader, fakeClient, languageLoader, loadedAdminApi, withAdminProviders } from '../../testing';
import { ClientsScreen } from './clients-screen';

const clients = [fakeClient(1, { name: 'Android app', iceTransportPolicy: 'relay', bundlePolicy: 'max-bundle' }), fakeClient(2, { name: 'Desktop app', status: 'disabled', minVersion: null })];

const meta = {
  title: 'Tenants/Clients/ClientsScreen',
  component: ClientsScreen,
  decorators: [withAdminProviders],
  loaders: [fakeAdminApiLoader({ clients })],
} satisfies Meta<typeof ClientsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Every spec column, with the tenant name and the uuid. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Clients' });
    for (const header of ['Name', 'Ice transport', 'Bundle policy', 'Min version', 'Max version', 'Status', 'Tenant name', 'Uuid']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = within((await canvas.findByRole('cell', { name: 'Android app' })).closest('tr')!);
    await expect(row.getByText('relay')).toBeInTheDocument();
    await expect(row.getByText('max-bundle')).toBeInTheDocument();
    await expect(row.getByText(clients[0]!.tenantName)).toBeInTheDocument();
    await expect(row.getByText(clients[0]!.id)).toBeInTheDocument();
    await expect(within(canvas.getByRole('cell', { name: 'Desktop app' }).closest('tr')!).getByText('Disabled')).toBeInTheDocument();
  },
};

/** No client yet: the spec's empty text. */
export const Empty: Story = {
  loaders: [fakeAdminApiLoader({ clients: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('There are no clients!')).toBeInTheDocument();
  },
};

/** A failed load: the spec's failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeAdminApiLoader({ clients, failing: ['getClients'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Creating a client with a video ICE server: a non-ICE url is refused with 'Enter a valid Uris'. */
export const Create: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Android app' });
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Create client' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Web app');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Min version' }), '1.x');
    const video = within(dialog.getByRole('group', { name: 'ICE servers for video' }));
    await userEvent.click(video.getByRole('button', { name: 'Add ICE server' }));
    await userEvent.type(video.getByRole('textbox', { name: /^Url/ }), 'https://turn.example.com');
    await userEvent.type(video.getByRole('textbox', { name: 'Username' }), 'webrtc');
    await userEvent.type(video.getByLabelText('Credential'), 's3cret');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await dialog.findByText('Enter a valid Uris')).toBeInTheDocument();
    await expect(dialog.getByText('Enter a valid version, e.g. 2.1.0')).toBeInTheDocument();
    await expect(loadedAdminApi(loaded).requestsOf('putClient')).toHaveLength(0);

    await userEvent.clear(video.getByRole('textbox', { name: /^Url/ }));
    await userEvent.type(video.getByRole('textbox', { name: /^Url/ }), 'turns:turn.example.com:5349');
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Min version' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Min version' }), '1.2');
    await userEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await expect(await body().findByText('Client created successfully')).toBeInTheDocument();
    const [request] = loadedAdminApi(loaded).requestsOf('putClient');
    await expect(request?.body).toMatchObject({
      name: 'Web app',
      minVersion: '1.2',
      iceServers: { video: [{ url: 'turns:turn.example.com:5349', username: 'webrtc', credential: 's3cret' }], audio: [] },
    });
    await expect(await canvas.findByRole('cell', { name: 'Web app' })).toBeInTheDocument();
  },
};

/** Editing keeps a stored credential: the field stays empty and no credential is sent. */
export const EditKeepsCredential: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const row = within((await canvas.findByRole('cell', { name: 'Android app' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Edit client' }));
    const video = within(dialog.getByRole('group', { name: 'ICE servers for video' }));
    await expect(video.getByLabelText('Credential')).toHaveAttribute('placeholder', 'Stored, leave empty to keep');
    await userEvent.clear(dialog.getByRole('textbox', { name: /^Name/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Android');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Client edited successfully')).toBeInTheDocument();
    const [request] = loadedAdminApi(loaded).requestsOf('updateClient');
    await expect(request?.body).toMatchObject({ name: 'Android', iceServers: { video: [{ url: 'turn:turn.acme.example:3478', username: 'video' }] } });
    await expect((request?.body as { iceServers: { video: object[] } }).iceServers.video[0]).not.toHaveProperty('credential');
  },
};

/** Delete asks the spec's question first, then deletes. */
export const Delete: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const row = within((await canvas.findByRole('cell', { name: 'Desktop app' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delete client' }));
    await expect(dialog.getByText('Are you sure you want to delete the client ?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('Client deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'Desktop app' })).toBeNull());
    await expect(loadedAdminApi(loaded).requestsOf('deleteClient')[0]?.path).toBe(`/clients/${clients[1]!.id}`);
  },
};

/** Without the write permissions only the list shows. */
export const ReadOnly: Story = {
  loaders: [fakeAdminApiLoader({ clients, permissions: ['client.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'Android app' });
    await expect(canvas.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
  },
};

function translated(language: Language, texts: { title: string; create: string; empty: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeAdminApiLoader({ clients: [] }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.empty)).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.create })).toBeInTheDocument();
      await expect(canvas.getByRole('table').closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Clients', create: 'Create', empty: 'There are no clients!' });
export const French = translated('fr', { title: 'Clients', create: 'Créer', empty: "Il n'y a aucun client !" });
export const Arabic = translated('ar', { title: 'العملاء', create: 'إنشاء', empty: 'لا يوجد عملاء!' });
export const Uzbek = translated('uz', { title: 'Mijozlar', create: 'Yaratish', empty: 'Mijozlar yoʻq!' });
