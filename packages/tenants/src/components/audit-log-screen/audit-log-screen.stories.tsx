import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeAdminApiLoader, fakeAuditEntry, fakeTenants, languageLoader, loadedAdminApi, withAdminProviders } from '../../testing';
import { AuditLogScreen } from './audit-log-screen';

const audit = [
  fakeAuditEntry(1),
  fakeAuditEntry(2, { action: 'create', entity: 'media_client', actor: 'root@platform.example', before: null, after: { name: 'Web app', iceServers: { video: [{ url: 'turn:x', credential: '••••••' }] } } }),
  fakeAuditEntry(3, { action: 'delete', after: null }),
  ...Array.from({ length: 26 }, (_, i) => fakeAuditEntry(i + 4)),
];

const meta = {
  title: 'Tenants/AuditLog/AuditLogScreen',
  component: AuditLogScreen,
  decorators: [withAdminProviders],
  loaders: [fakeAdminApiLoader({ audit })],
} satisfies Meta<typeof AuditLogScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** When, Who, Action, Entity, Entity id and From (IP), newest first, paged. */
export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Audit log' });
    for (const header of ['When', 'Who', 'Action', 'Entity', 'Entity id', 'From (IP)']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = within((await canvas.findByRole('cell', { name: 'root@platform.example' })).closest('tr')!);
    await expect(row.getByText('Created')).toBeInTheDocument();
    await expect(row.getByText('Client')).toBeInTheDocument();
    await expect(row.getByText('203.0.113.7')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeEnabled();
  },
};

/** The row's details: before and after side by side, the changed field marked. */
export const Details: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'root@platform.example' });
    const first = within(canvas.getAllByRole('row')[1]!);
    await userEvent.click(first.getByRole('button', { name: 'Details' }));
    const drawer = within(await body().findByRole('dialog', { name: 'Change details' }));
    const values = drawer.getByRole('table', { name: 'Values before and after' });
    const changed = within(values).getByRole('cell', { name: /firstName/ }).closest('tr')!;
    await expect(changed).toHaveAttribute('data-changed', 'true');
    await expect(within(changed).getByText('Nora')).toBeInTheDocument();
    await expect(within(changed).getByText('Noor')).toBeInTheDocument();
    await expect(within(values).getByRole('cell', { name: 'status' }).closest('tr')).not.toHaveAttribute('data-changed');
    await expect(drawer.getByText(/ada@acme\.example/)).toBeInTheDocument();
  },
};

/** Filtering by action and by actor asks the server from the first page. */
export const Filter: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'root@platform.example' });
    await userEvent.click(canvas.getByPlaceholderText('All actions'));
    await userEvent.click(await body().findByRole('option', { name: 'Deleted' }));
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'root@platform.example' })).toBeNull());
    const api = loadedAdminApi(loaded);
    await expect(api.requestsOf('getAuditLog').at(-1)?.query.get('action')).toBe('delete');
    await userEvent.type(canvas.getByPlaceholderText('Search by who (email)'), 'ada{Enter}');
    await waitFor(() => expect(api.requestsOf('getAuditLog').at(-1)?.query.get('actor')).toBe('ada'));
  },
};

/** Every kind the server records has its name, and filtering by one sends the server's own kind. */
export const EntityKinds: Story = {
  loaders: [
    fakeAdminApiLoader({
      audit: [
        fakeAuditEntry(40, { entity: 'tenant.smtp', actor: 'smtp@acme.example' }),
        fakeAuditEntry(41, { entity: 'tenant_sso', actor: 'sso@acme.example' }),
        fakeAuditEntry(42, { entity: 'settings.kubernetes', actor: 'kube@acme.example' }),
        fakeAuditEntry(43, { entity: 'tenant.partner_app', actor: 'apps@acme.example' }),
      ],
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const rowOf = async (actor: string) => within((await canvas.findByRole('cell', { name: actor })).closest('tr')!);
    await expect((await rowOf('smtp@acme.example')).getByRole('cell', { name: 'SMTP' })).toBeInTheDocument();
    await expect((await rowOf('sso@acme.example')).getByRole('cell', { name: 'SSO' })).toBeInTheDocument();
    await expect((await rowOf('kube@acme.example')).getByRole('cell', { name: 'Configuration: Kubernetes' })).toBeInTheDocument();
    await expect((await rowOf('apps@acme.example')).getByRole('cell', { name: 'Partner apps' })).toBeInTheDocument();
    await userEvent.click(canvas.getByPlaceholderText('All entities'));
    await userEvent.click(await body().findByRole('option', { name: 'SMTP' }));
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'sso@acme.example' })).toBeNull());
    await expect(canvas.getByRole('cell', { name: 'smtp@acme.example' })).toBeInTheDocument();
    await expect(loadedAdminApi(loaded).requestsOf('getAuditLog').at(-1)?.query.get('entity')).toBe('tenant.smtp');
  },
};

/** An end date before the start date: the spec's message, and no request with that range. */
export const EndBeforeStart: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'root@platform.example' });
    await userEvent.type(canvas.getByLabelText('Start date'), '2026-03-02');
    await userEvent.type(canvas.getByLabelText('End date'), '2026-03-01');
    await expect(await canvas.findByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
    const api = loadedAdminApi(loaded);
    await expect(api.requestsOf('getAuditLog').some((r) => r.query.get('to') !== null && r.query.get('from') !== null && r.query.get('to')! < r.query.get('from')!)).toBe(false);
    await expect(canvas.getByRole('button', { name: 'Export' })).toBeDisabled();
  },
};

/** Export downloads the same selection. */
export const Export: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'root@platform.example' });
    URL.createObjectURL ??= () => 'blob:fake';
    URL.revokeObjectURL ??= () => undefined;
    await userEvent.click(canvas.getByPlaceholderText('All entities'));
    await userEvent.click(await body().findByRole('option', { name: 'User' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    const api = loadedAdminApi(loaded);
    await waitFor(() => expect(api.requestsOf('exportAuditLog')).toHaveLength(1));
    await expect(api.requestsOf('exportAuditLog')[0]?.query.get('entity')).toBe('user');
  },
};

const acme = fakeTenants[0]!;
const acmeAudit = [fakeAuditEntry(90, { actor: 'root@platform.example', entity: 'tenant', entityId: acme.id, before: { brandname: 'Acme' }, after: { brandname: 'Acme Meet' } })];

/**
 * The platform super administrator picks a tenant: the list shows that tenant's log (with its own
 * changes to it) from the first page, and Export downloads that tenant's entries.
 */
export const PickTenant: Story = {
  loaders: [fakeAdminApiLoader({ audit, tenantAudit: { [acme.id]: acmeAudit } })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'root@platform.example' });
    const api = loadedAdminApi(loaded);
    await expect(api.requestsOf('getAuditLog').at(-1)?.query.get('tenantId')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.requestsOf('getAuditLog').at(-1)?.query.get('cursor')).not.toBeNull());

    await userEvent.click(canvas.getByPlaceholderText('Your tenant'));
    await userEvent.click(await body().findByRole('option', { name: acme.name }));
    await waitFor(() => expect(api.requestsOf('getAuditLog').at(-1)?.query.get('tenantId')).toBe(acme.id));
    await expect(api.requestsOf('getAuditLog').at(-1)?.query.get('cursor')).toBeNull();
    const row = within((await canvas.findByRole('cell', { name: acme.id })).closest('tr')!);
    await expect(row.getByText('Tenant')).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(2);

    URL.createObjectURL ??= () => 'blob:fake';
    URL.revokeObjectURL ??= () => undefined;
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.requestsOf('exportAuditLog')).toHaveLength(1));
    await expect(api.requestsOf('exportAuditLog')[0]?.query.get('tenantId')).toBe(acme.id);
  },
};

/** A tenant's administrator reads its own tenant's log: no tenant picker, no tenantId. */
export const TenantAdministrator: Story = {
  loaders: [fakeAdminApiLoader({ audit, role: 'admin' })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('cell', { name: 'root@platform.example' });
    await expect(canvas.queryByPlaceholderText('Your tenant')).toBeNull();
    const api = loadedAdminApi(loaded);
    await expect(api.requestsOf('getTenants')).toHaveLength(0);
    await expect(api.requestsOf('getAuditLog').every((request) => request.query.get('tenantId') === null)).toBe(true);
  },
};

/** Nothing recorded yet. */
export const Empty: Story = {
  loaders: [fakeAdminApiLoader({ audit: [] })],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No changes have been recorded yet.')).toBeInTheDocument();
  },
};

/** A failed load offers a retry. */
export const LoadError: Story = {
  loaders: [fakeAdminApiLoader({ audit, failing: ['getAuditLog'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

function translated(language: Language, texts: { title: string; who: string; exportLabel: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeAdminApiLoader({ audit }), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await canvas.findByRole('cell', { name: 'root@platform.example' });
      await expect(canvas.getByRole('heading', { name: texts.title })).toBeInTheDocument();
      await expect(canvas.getByRole('columnheader', { name: texts.who })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: texts.exportLabel })).toBeInTheDocument();
      await expect(canvas.getByRole('heading', { name: texts.title }).closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Audit log', who: 'Who', exportLabel: 'Export' });
export const French = translated('fr', { title: "Journal d'audit", who: 'Qui', exportLabel: 'Exporter' });
export const Arabic = translated('ar', { title: 'سجل التدقيق', who: 'من', exportLabel: 'تصدير' });
export const Uzbek = translated('uz', { title: 'Audit jurnali', who: 'Kim', exportLabel: 'Eksport qilish' });
