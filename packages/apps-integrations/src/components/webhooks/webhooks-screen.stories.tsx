import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FAKE_WEBHOOK_SECRETS, fakeWebhooksApiLoader, languageLoader, loadedWebhooksApi, withAdminProviders, type FakeWebhooksApiOptions } from '../../testing';
import { crm, crmDeliveries, legacy } from './webhooks-screen.fixtures';
import { WebhooksScreen } from './webhooks-screen';

const apiLoader = (options: FakeWebhooksApiOptions = {}) => fakeWebhooksApiLoader(options);
const listed = { endpoints: [crm, legacy], deliveries: { [crm.id]: crmDeliveries } };

const meta = {
  title: 'Apps/WebhooksScreen',
  component: WebhooksScreen,
  decorators: [withAdminProviders],
  loaders: [apiLoader()],
} satisfies Meta<typeof WebhooksScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/**
 * No endpoint yet: the empty text and Add endpoint. The form refuses an empty or non-http URL and no
 * event before any call; saved, the secret shows once with a copy button and the list shows the endpoint.
 */
export const AddEndpoint: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No webhook endpoint yet. Add one to receive the tenant's events.")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Add webhook endpoint' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    await expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    await expect(dialog.getByText('Choose at least one event')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Endpoint URL/ }), 'ftp://files.example.com/in');
    await userEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    await expect(await dialog.findByText('Enter an http or https URL, e.g. https://example.com/webhooks')).toBeInTheDocument();
    await expect(loadedWebhooksApi(loaded).requestsOf('addWebhookEndpoint')).toHaveLength(0);

    await userEvent.clear(dialog.getByRole('textbox', { name: /^Endpoint URL/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Endpoint URL/ }), 'https://hooks.acme.example/portal');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Description' }), 'Data warehouse');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Meeting started' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Recording ready' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));

    const secret = within(await body().findByRole('dialog', { name: 'Signing secret' }));
    await expect(secret.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(FAKE_WEBHOOK_SECRETS[0]);
    await expect(secret.getByText(/it is not shown again/)).toBeInTheDocument();
    await expect(secret.getByRole('button', { name: 'Copy Signing secret' })).toBeInTheDocument();
    await expect(loadedWebhooksApi(loaded).requestsOf('addWebhookEndpoint')[0]?.body).toEqual({ url: 'https://hooks.acme.example/portal', description: 'Data warehouse', events: ['meeting.started', 'recording.ready'] });
    await userEvent.click(secret.getByRole('button', { name: 'Done' }));
    await expect(await canvas.findByText('https://hooks.acme.example/portal')).toBeInTheDocument();
    await expect(canvas.getByText('None yet')).toBeInTheDocument();
    await waitFor(() => expect(canvasElement).not.toHaveTextContent(FAKE_WEBHOOK_SECRETS[0]!));
  },
};

/** Endpoints with their events, status and last delivery; rotating asks first and says the old secret stays valid 24 hours. */
export const RotateSecret: Story = {
  loaders: [apiLoader(listed)],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(crm.url)).toBeInTheDocument();
    await expect(canvas.getByText('Delivered')).toBeInTheDocument();
    await expect(canvas.getByText('Disabled')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: `Rotate the secret of ${crm.url}` }));
    const confirm = within(await body().findByRole('dialog', { name: 'Rotate the signing secret?' }));
    await expect(confirm.getByText(/The previous secret stays valid for 24 hours/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Rotate secret' }));
    const secret = within(await body().findByRole('dialog', { name: 'Signing secret' }));
    await expect(secret.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(FAKE_WEBHOOK_SECRETS[0]);
    await expect(secret.getByText(/The previous secret stays valid for 24 hours, until/)).toBeInTheDocument();
    await expect(loadedWebhooksApi(loaded).requestsOf('updateWebhookEndpoint')[0]?.body).toEqual({ rotateSecret: true });
  },
};

/** Edit keeps what is not changed; Disable switches the endpoint off; Delete asks in red first. */
export const EditDisableDelete: Story = {
  loaders: [apiLoader(listed)],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: `Edit ${crm.url}` }));
    const dialog = within(await body().findByRole('dialog', { name: 'Edit webhook endpoint' }));
    await expect(dialog.getByRole('checkbox', { name: 'Meeting ended' })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Participant joined' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect(await body().findByText('Webhook endpoint saved')).toBeInTheDocument();
    await expect(loadedWebhooksApi(loaded).requestsOf('updateWebhookEndpoint')[0]?.body).toEqual({ url: crm.url, description: 'CRM', events: ['meeting.started', 'meeting.ended', 'participant.joined'] });

    await userEvent.click(canvas.getByRole('button', { name: `Disable ${crm.url}` }));
    await expect(await body().findByText('Webhook endpoint disabled')).toBeInTheDocument();
    await expect(loadedWebhooksApi(loaded).requestsOf('updateWebhookEndpoint')[1]?.body).toEqual({ enabled: false });

    await userEvent.click(canvas.getByRole('button', { name: `Delete ${legacy.url}` }));
    const confirm = within(await body().findByRole('dialog', { name: 'Delete webhook endpoint' }));
    await waitFor(() => expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expect(await body().findByText('Webhook endpoint deleted')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByText(legacy.url)).toBeNull());
  },
};

/** The delivery log: status, attempts, next retry and response code, paged; a delivery's payload; Send test event. */
export const DeliveryLog: Story = {
  loaders: [apiLoader(listed)],
  play: async ({ canvasElement, loaded }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: `Delivery log of ${crm.url}` }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delivery log' }));
    await expect(await dialog.findByText('2 of 12')).toBeInTheDocument();
    await expect(dialog.getByText('Pending')).toBeInTheDocument();
    await expect(dialog.getByRole('cell', { name: '503' })).toBeInTheDocument();
    await userEvent.click(dialog.getAllByRole('button', { name: 'Show payload' })[0]!);
    await expect(dialog.getByLabelText('Payload')).toHaveTextContent('"durationSeconds": 1820');
    await userEvent.click(dialog.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(loadedWebhooksApi(loaded).requestsOf('getWebhookDeliveries').at(-1)?.query).toContain('cursor=10'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send test event' }));
    await expect(await body().findByText('Test event queued')).toBeInTheDocument();
    await expect(loadedWebhooksApi(loaded).requestsOf('sendWebhookTestEvent')).toHaveLength(1);
  },
};

/** With `tenant.partner_app.get` only: the list and the log, no changes and no test event. */
export const ReadOnly: Story = {
  loaders: [apiLoader({ ...listed, permissions: ['tenant.partner_app.get'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(crm.url)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: `Edit ${crm.url}` })).toBeNull();
    await expect(canvas.queryByRole('button', { name: `Delete ${crm.url}` })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: `Delivery log of ${crm.url}` }));
    const dialog = within(await body().findByRole('dialog', { name: 'Delivery log' }));
    await expect(await dialog.findByText('2 of 12')).toBeInTheDocument();
    await expect(dialog.queryByRole('button', { name: 'Send test event' })).toBeNull();
  },
};

/** The list cannot be read: the failure text and Retry. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getWebhookEndpoints'] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(loadedWebhooksApi(loaded).requestsOf('getWebhookEndpoints')).toHaveLength(2));
  },
};

/** The list in English (the four-language stories share the same endpoints). */
export const English: Story = {
  parameters: { language: 'en' },
  loaders: [apiLoader(listed), languageLoader('en')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
    await expect(await within(canvasElement).findByText('Meeting started')).toBeInTheDocument();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [apiLoader(listed), languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Webhooks sortants' })).toBeInTheDocument();
    await expect(await within(canvasElement).findByText('Réunion démarrée')).toBeInTheDocument();
  },
};

/** Right to left; the URLs stay left to right. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [apiLoader(listed), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'خطافات الويب' })).toBeInTheDocument();
    const url = await within(canvasElement).findByText(crm.url);
    await expect(url).toHaveAttribute('dir', 'ltr');
    await expect(url.closest('[dir="rtl"]')).not.toBeNull();
  },
};

export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [apiLoader(listed), languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Vebxuklar' })).toBeInTheDocument();
    await expect(await within(canvasElement).findByText('Uchrashuv boshlandi')).toBeInTheDocument();
  },
};
