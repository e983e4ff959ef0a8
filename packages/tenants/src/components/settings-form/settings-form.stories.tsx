import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeKubernetesSettings, fakeSettingsApiLoader, languageLoader, loadedSettingsApi, withAdminProviders } from '../../testing';
import { emailFields, kafkaFields, kubernetesFields, paymentFields, systemFields, tenantFields } from './settings-fields';
import { SettingsForm } from './settings-form';

const meta = {
  title: 'Tenants/Settings/SettingsForm',
  component: SettingsForm,
  decorators: [withAdminProviders],
  args: { section: 'kubernetes', title: 'Kubernetes', fields: kubernetesFields },
  loaders: [fakeSettingsApiLoader()],
} satisfies Meta<typeof SettingsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The field whose label starts with `label` (taken literally: 'Allowed origins (CORS)' has parentheses). */
const input = (canvas: Canvas, label: string) => canvas.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) as HTMLInputElement;

async function fill(canvas: Canvas, label: string, value: string) {
  const field = input(canvas, label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

const validForm: [string, string][] = [
  ['Min users', '10'],
  ['Max users', '500'],
  ['Name', 'Media node.eu'],
  ['Max instance', '4'],
  ['WS start port', '8000'],
  ['Kube url', 'https://kube.example.com:6443'],
  ['Kube token', 'kube-token-1'],
  ['Kube image', 'https://registry.example.com/media-node:4.4'],
  ['Http port start', '9000'],
  ['Admin port start', '9500'],
];

/**
 * Each invalid value spec section 5 names shows its message and nothing is sent; the fixed form
 * saves numbers as numbers with the True/False choice.
 */
export const KubernetesRules: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Kubernetes' });
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter a valid number of minimum users')).toBeInTheDocument();
    await expect(canvas.getAllByText('Enter a valid number of maximum users')).toHaveLength(3);
    await expect(canvas.getByText('error')).toBeInTheDocument();
    await expect(canvas.getAllByText('This field is required')).toHaveLength(5);

    for (const [label, value] of validForm) await fill(canvas, label, value);
    await userEvent.click(canvas.getByRole('radio', { name: 'True' }));

    const invalid: [string, string, string][] = [
      ['Min users', '0', 'Enter a valid number of minimum users'],
      ['Min users', '010', 'Enter a valid number of minimum users'],
      ['Min users', '10001', 'Enter a valid number of minimum users'],
      ['Min users', '1.5', 'Enter a valid number of minimum users'],
      ['Max users', '0', 'Enter a valid number of maximum users'],
      ['Max users', '0500', 'Enter a valid number of maximum users'],
      ['Max users', '5', 'Enter a valid number of maximum users'],
      ['Max instance', '10001', 'Enter a valid number of maximum users'],
      ['WS start port', 'abc', 'Enter a valid number of maximum users'],
      ['Name', 'ab', 'error'],
      ['Name', 'a'.repeat(31), 'error'],
      ['Name', 'Node 1', 'error'],
      ['Name', ' Node', 'error'],
      ['Name', 'Node ', 'error'],
      ['Kube url', 'kube.example.com', 'Enter a valid URL'],
      ['Kube image', 'not a url', 'Enter a valid URL'],
      ['Kube token', '', 'This field is required'],
      ['Http port start', '', 'This field is required'],
      ['Admin port start', '', 'This field is required'],
    ];
    const valid = new Map(validForm);
    for (const [label, value, message] of invalid) {
      await fill(canvas, label, value);
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      await expect(await canvas.findByText(message)).toBeInTheDocument();
      await fill(canvas, label, valid.get(label)!);
    }
    await expect(api.saves('kubernetes')).toHaveLength(0);

    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('kubernetes')).toHaveLength(1));
    await expect(api.saves('kubernetes')[0]).toEqual({ ...fakeKubernetesSettings(), kubeToken: 'kube-token-1' });
    await expect(await within(document.body).findByText('Settings saved successfully')).toBeInTheDocument();
  },
};

/** A stored token shows only as set; saving without typing one keeps it (it is not sent). */
export const KeepsStoredToken: Story = {
  loaders: [fakeSettingsApiLoader({ stored: { kubernetes: fakeKubernetesSettings() } })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Kubernetes' });
    const token = input(canvas, 'Kube token');
    await expect(token).toHaveValue('');
    await expect(token).toHaveAttribute('placeholder', '•••••• (set)');
    // The token is required: it can be replaced, never removed.
    await expect(canvas.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await expect(input(canvas, 'Name')).toHaveValue('Media node.eu');
    await expect(canvas.getByRole('radio', { name: 'True' })).toBeChecked();
    await fill(canvas, 'Max users', '800');
    await userEvent.click(canvas.getByRole('radio', { name: 'False' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('kubernetes')).toHaveLength(1));
    const saved = api.saves('kubernetes')[0]!;
    await expect(saved).not.toHaveProperty('kubeToken');
    await expect(saved).toMatchObject({ maxUsers: 800, mediaNodes: false });
    await expect(api.stored.kubernetes?.kubeToken).toBe('stored-kube-token');
  },
};

const storedKafka = { brokers: 'kafka-1:9092', topic: 'meetings.events', saslUsername: 'portal', saslPassword: 'stored-sasl-password' };

/**
 * An optional stored secret can be removed, with the keyboard alone: Remove (Enter) marks it,
 * Undo (Space) takes that back, and the save after Remove sends null; the field then shows as not
 * set, with nothing left to remove.
 */
export const RemovesOptionalSecret: Story = {
  args: { section: 'kafka', title: 'Kafka', fields: kafkaFields },
  loaders: [fakeSettingsApiLoader({ stored: { kafka: storedKafka } })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Kafka' });
    const password = input(canvas, 'SASL password');
    await expect(password).toHaveAttribute('placeholder', '•••••• (set)');
    await expect(canvas.getByText('Leave empty to keep the stored value.')).toBeInTheDocument();

    // Tab from the password field reaches its Remove button.
    await userEvent.click(password);
    await userEvent.tab();
    const remove = canvas.getByRole('button', { name: 'Remove SASL password' });
    await expect(remove).toHaveFocus();
    await expect(remove).toHaveTextContent('Remove');
    await userEvent.keyboard('{Enter}');
    const undo = canvas.getByRole('button', { name: 'Undo removing SASL password' });
    await expect(undo).toHaveFocus();
    await expect(undo).toHaveTextContent('Undo');
    await expect(canvas.getByText('Removed when you save. Type a new value to replace it instead.')).toBeInTheDocument();
    await expect(input(canvas, 'SASL password')).not.toHaveAttribute('placeholder');
    await expect(api.saves('kafka')).toHaveLength(0);

    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('button', { name: 'Remove SASL password' })).toHaveFocus();
    await expect(input(canvas, 'SASL password')).toHaveAttribute('placeholder', '•••••• (set)');

    await userEvent.keyboard('{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('kafka')).toHaveLength(1));
    await expect(api.saves('kafka')[0]).toEqual({ brokers: 'kafka-1:9092', topic: 'meetings.events', saslUsername: 'portal', saslPassword: null });
    await expect(api.stored.kafka?.saslPassword).toBeNull();
    await expect(await within(document.body).findByText('Settings saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('button', { name: /Remove|Undo/ })).not.toBeInTheDocument());
    await expect(input(canvas, 'SASL password')).not.toHaveAttribute('placeholder');
  },
};

const storedPayment = { provider: 'stripe', publishableKey: 'pk_test_123', secretKey: 'sk_test_stored', webhookSecret: 'whsec_stored' };

/**
 * Payment keys: only the optional webhook secret has a Remove button, the required secret key has
 * none. Remove then Undo sends nothing for it (kept); a value typed after Remove replaces it.
 */
export const RemoveOnlyOptionalSecrets: Story = {
  args: { section: 'payment', title: 'Payment provider', fields: paymentFields },
  loaders: [fakeSettingsApiLoader({ stored: { payment: storedPayment } })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Payment provider' });
    await expect(input(canvas, 'Secret key')).toHaveAttribute('placeholder', '•••••• (set)');
    await expect(canvas.getAllByRole('button', { name: /^Remove/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Remove Webhook secret']);

    await userEvent.click(canvas.getByRole('button', { name: 'Remove Webhook secret' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Undo removing Webhook secret' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('payment')).toHaveLength(1));
    await expect(api.saves('payment')[0]).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123' });
    await expect(api.stored.payment).toMatchObject({ secretKey: 'sk_test_stored', webhookSecret: 'whsec_stored' });

    await userEvent.click(await canvas.findByRole('button', { name: 'Remove Webhook secret' }));
    await fill(canvas, 'Webhook secret', 'whsec_new');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('payment')).toHaveLength(2));
    await expect(api.saves('payment')[1]).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123', webhookSecret: 'whsec_new' });
    await expect(api.stored.payment).toMatchObject({ secretKey: 'sk_test_stored', webhookSecret: 'whsec_new' });
  },
};

/** A field error from the server lands under its field. */
export const ServerFieldError: Story = {
  loaders: [fakeSettingsApiLoader({ stored: { kubernetes: fakeKubernetesSettings() }, fieldErrors: { kubernetes: [{ field: 'name', code: 'invalid_media_node_name' }] } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Kubernetes' });
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('error')).toBeInTheDocument();
  },
};

/** A failed load: the spec's failure text and a retry. */
export const LoadError: Story = {
  loaders: [fakeSettingsApiLoader({ failing: ['kubernetes'] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** The same form from another field list: the platform SMTP server (used by every tenant without its own) with its password kept secret. */
export const Email: Story = {
  args: { section: 'email', title: 'Email', fields: emailFields },
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Email' });
    // The screen says what the server does with these settings (apps/server/src/mail/routes.ts).
    await expect(canvas.getByText(/without its own SMTP server sends its mail through this server; it overrides the server's SMTP_URL setting/)).toBeInTheDocument();
    await expect(canvas.getByText('With TLS/SSL on: TLS on port 465, STARTTLS on any other port. Off: unencrypted.')).toBeInTheDocument();
    await fill(canvas, 'Email server', 'smtp.example.com');
    await fill(canvas, 'Port', '70000');
    await fill(canvas, 'From name', 'Portal');
    await fill(canvas, 'From email', 'no-reply');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter a valid port number')).toBeInTheDocument();
    await expect(canvas.getByText('Enter a valid email')).toBeInTheDocument();
    await fill(canvas, 'Port', '587');
    await fill(canvas, 'From email', 'no-reply@example.com');
    await fill(canvas, 'Password', 'smtp-pass');
    await userEvent.click(canvas.getByRole('switch', { name: 'TLS/SSL' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('email')).toHaveLength(1));
    await expect(api.saves('email')[0]).toEqual({ host: 'smtp.example.com', port: 587, fromName: 'Portal', fromEmail: 'no-reply@example.com', username: '', password: 'smtp-pass', tls: true });
    await waitFor(() => expect(input(canvas, 'Password')).toHaveAttribute('placeholder', '•••••• (set)'));
  },
};

/** New tenants' defaults may stay open: "Platform default" language and an empty limit are saved as null. */
export const TenantDefaultsLeftOpen: Story = {
  args: { section: 'tenant', title: 'Tenant', fields: tenantFields },
  loaders: [fakeSettingsApiLoader({ stored: { tenant: { dialIn: false, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: 'fr', maxUsers: 50 } } })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Tenant' });
    await fill(canvas, 'Max users', '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter a valid value')).toBeInTheDocument();
    await fill(canvas, 'Max users', '');
    await userEvent.click(canvas.getByLabelText('Default language', { selector: 'input' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Platform default' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('tenant')).toHaveLength(1));
    await expect(api.saves('tenant')[0]).toMatchObject({ defaultLanguage: null, maxUsers: null });
  },
};

/** The limits of tenants without a meeting plan: a whole number each, or empty for none (saved as null). */
export const TenantNoPlanLimits: Story = {
  args: { section: 'tenant', title: 'Tenant', fields: tenantFields },
  loaders: [fakeSettingsApiLoader({ stored: { tenant: { dialIn: false, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: null, maxUsers: null, noPlanParticipants: 25 } } })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Tenant' });
    await fill(canvas, 'Meeting duration without a plan (minutes)', '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter a valid value')).toBeInTheDocument();
    await expect(api.saves('tenant')).toHaveLength(0);
    await fill(canvas, 'Meeting duration without a plan (minutes)', '45');
    await fill(canvas, 'Participants per meeting without a plan', '');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('tenant')).toHaveLength(1));
    await expect(api.saves('tenant')[0]).toMatchObject({ noPlanMeetingMinutes: 45, noPlanParticipants: null, noPlanConcurrentMeetings: null, noPlanStorageGb: null });
  },
};

/** The platform's public URL and support address are optional: left empty, they are saved as null. */
export const SystemLeftOpen: Story = {
  args: { section: 'system', title: 'System', fields: systemFields },
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'System' });
    await fill(canvas, 'Public URL', 'portal.example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter a valid URL')).toBeInTheDocument();
    await fill(canvas, 'Public URL', '');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('system')).toHaveLength(1));
    await expect(api.saves('system')[0]).toEqual({
      publicUrl: null,
      supportEmail: null,
      defaultLanguage: 'en',
      maintenanceMode: false,
      corsOrigins: null,
      windowsAppUrl: null,
      macAppUrl: null,
      androidAppUrl: null,
      iosAppUrl: null,
    });
  },
};

/** The launch page's app download links: a link must be a web address; one given is saved, the others stay none. */
export const SystemAppLinks: Story = {
  args: { section: 'system', title: 'System', fields: systemFields },
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'System' });
    await fill(canvas, 'Android app link', 'play.google.com/store/apps/details?id=com.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter a valid URL')).toBeInTheDocument();
    await expect(api.saves('system')).toHaveLength(0);
    await fill(canvas, 'Android app link', 'https://play.google.com/store/apps/details?id=com.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('system')).toHaveLength(1));
    await expect(api.saves('system')[0]).toMatchObject({ androidAppUrl: 'https://play.google.com/store/apps/details?id=com.example', windowsAppUrl: null, iosAppUrl: null });
  },
};

/** The CORS origins: a path or a bare host name is refused before saving; a list of origins is sent as written. */
export const SystemCorsOrigins: Story = {
  args: { section: 'system', title: 'System', fields: systemFields },
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'System' });
    await fill(canvas, 'Allowed origins (CORS)', 'https://reports.example.com/app');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter origins such as https://reports.example.com, separated by commas, without a path')).toBeInTheDocument();
    await expect(api.saves('system')).toHaveLength(0);
    await fill(canvas, 'Allowed origins (CORS)', 'https://reports.example.com, http://localhost:5174');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('system')).toHaveLength(1));
    await expect(api.saves('system')[0]).toMatchObject({ corsOrigins: 'https://reports.example.com, http://localhost:5174' });
  },
};

function translated(language: Language, texts: { save: string; minUsers: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeSettingsApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const form = await canvas.findByRole('form');
      await userEvent.click(within(form).getByRole('button', { name: texts.save }));
      await expect(await canvas.findByText(texts.minUsers)).toBeInTheDocument();
      await expect(form.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { save: 'Save', minUsers: 'Enter a valid number of minimum users' });
export const French = translated('fr', { save: 'Enregistrer', minUsers: 'Saisissez un nombre minimal d’utilisateurs valide' });
export const Arabic = translated('ar', { save: 'حفظ', minUsers: 'أدخل عددًا صالحًا للحد الأدنى من المستخدمين' });
export const Uzbek = translated('uz', { save: 'Saqlash', minUsers: 'Foydalanuvchilarning minimal soni uchun yaroqli qiymat kiriting' });
