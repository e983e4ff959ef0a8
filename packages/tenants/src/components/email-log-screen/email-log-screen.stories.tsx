import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { configureApi } from '@portal/api-client';
import type { EmailLogEntry } from '../../api/email-log/get-email-log';
import { withUsersProviders } from '../../testing';
import { EmailLogScreen } from './email-log-screen';

const entry = (n: number, overrides: Partial<EmailLogEntry> = {}): EmailLogEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  to: `person${n}@acme.test`,
  subject: 'Reset your Acme Meetings password',
  template: 'reset_password',
  status: 'sent',
  attempts: 1,
  createdAt: new Date(Date.UTC(2025, 0, 31, 12, 0) - n * 60_000).toISOString(),
  sentAt: new Date(Date.UTC(2025, 0, 31, 12, 1) - n * 60_000).toISOString(),
  lastError: null,
  ...overrides,
});

const sampleLog: EmailLogEntry[] = [
  entry(1, { to: 'nora@newco.test', subject: 'Welcome to Acme Meetings: create your password', template: 'signup', status: 'queued', attempts: 0, sentAt: null }),
  entry(2, { status: 'failed', attempts: 8, sentAt: null, lastError: '550 Mailbox unavailable' }),
  ...Array.from({ length: 28 }, (_, i) => entry(i + 3)),
];

/** The server's behaviour over `entries`: newest first, `q` on the address, `status`, cursor = offset. */
function installFakeLog(entries: EmailLogEntry[], failing = false) {
  const requests: URLSearchParams[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const query = new URL(request.url).searchParams;
    requests.push(query);
    if (failing) return new Response(JSON.stringify({ status: 500, code: 'internal', title: 'x', type: 'about:blank' }), { status: 500, headers: { 'content-type': 'application/problem+json' } });
    const q = query.get('q')?.toLowerCase();
    const status = query.get('status');
    const matching = entries.filter((e) => (!q || e.to.includes(q)) && (!status || e.status === status));
    const offset = Number(query.get('cursor') ?? 0);
    const limit = Number(query.get('limit') ?? 25);
    const items = matching.slice(offset, offset + limit);
    const nextCursor = offset + limit < matching.length ? String(offset + limit) : null;
    return new Response(JSON.stringify({ items, nextCursor }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  configureApi({ baseUrl: `${window.location.origin}/api/v1`, fetch });
  return { requests };
}

const meta = {
  title: 'Tenants/EmailLog/EmailLogScreen',
  component: EmailLogScreen,
  decorators: [withUsersProviders],
  loaders: [() => ({ fake: installFakeLog(sampleLog) })],
} satisfies Meta<typeof EmailLogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every column, the status badges and the delivery error of a failed mail. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Email log' });
    for (const header of ['To', 'Subject', 'Template', 'Status', 'Attempts', 'Created', 'Sent', 'Last error']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = within((await canvas.findByRole('cell', { name: 'nora@newco.test' })).closest('tr')!);
    await expect(row.getByText('Sign-up')).toBeInTheDocument();
    await expect(row.getByText('Queued')).toBeInTheDocument();
    await expect(canvas.getByText('550 Mailbox unavailable')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeEnabled();
  },
};

/** Filtering by status asks the server for that status from the first page. */
export const FilterByStatus: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'nora@newco.test' });
    await userEvent.click(canvas.getByPlaceholderText('All statuses'));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'nora@newco.test' })).toBeNull());
    await expect(canvas.getByRole('cell', { name: 'person2@acme.test' })).toBeInTheDocument();
    const { requests } = (loaded as { fake: { requests: URLSearchParams[] } }).fake;
    await expect(requests.at(-1)?.get('status')).toBe('failed');
    await expect(requests.at(-1)?.get('cursor')).toBeNull();
  },
};

/** No mail yet: the empty text. */
export const Empty: Story = {
  loaders: [() => ({ fake: installFakeLog([]) })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No emails have been sent yet.')).toBeInTheDocument();
  },
};

/** A failed load offers a retry. */
export const LoadError: Story = {
  loaders: [() => ({ fake: installFakeLog([], true) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};
