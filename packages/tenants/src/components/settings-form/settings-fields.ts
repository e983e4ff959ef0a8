// The field lists of the settings screens built by SettingsForm. A field's `check` returns the
// message to show for a bad value (the same rules as the contract), or null.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { validationMessages } from '@portal/i18n';
import {
  isBrokerList,
  isEmail,
  isHost,
  isHttpUrl,
  isKafkaTopic,
  isMediaNodeCount,
  isMediaNodeName,
  isOriginList,
  isUrl,
  isWholeNumberIn,
} from '../../utils/settings-rules';
import { isValidMaxUsers, LANGUAGE_OPTIONS, PLATFORM_LANGUAGE } from '../../utils/tenant-rules';

export type FormValues = Record<string, string | boolean>;

type Check = (value: string, values: FormValues) => MessageDescriptor | null;

type Base = { name: string; label: MessageDescriptor; description?: MessageDescriptor };

export type SettingsField =
  /** `checkEmpty`: an empty value gets the field's own message rather than 'This field is required'. */
  | (Base & { kind: 'text'; required?: boolean; check?: Check; checkEmpty?: boolean; ltr?: boolean; emptyIsNull?: boolean })
  /** A whole number, sent as a JSON number; `emptyIsNull`: left empty, it is sent as null (none). */
  | (Base & { kind: 'number'; required?: boolean; check: Check; emptyIsNull?: boolean })
  /**
   * Sealed on the server; the form shows only whether it is set and keeps it unless changed. An
   * optional one that is set can be removed (sent as null); a required one cannot.
   */
  | (Base & { kind: 'secret'; required?: boolean })
  | (Base & { kind: 'switch' })
  /** The spec's True/False radio choice. */
  | (Base & { kind: 'yes-no' })
  /** `nullOption`: a first choice, with this label, sent as null (e.g. "Platform default"). */
  | (Base & { kind: 'select'; options: ReadonlyArray<{ value: string; label: MessageDescriptor }>; nullOption?: MessageDescriptor });

/** The value that stands for a select's `nullOption` inside the form. */
const NULL_CHOICE = PLATFORM_LANGUAGE;

/** A select's choices, its `nullOption` first. */
export function selectOptions(field: Extract<SettingsField, { kind: 'select' }>): ReadonlyArray<{ value: string; label: MessageDescriptor }> {
  return field.nullOption ? [{ value: NULL_CHOICE, label: field.nullOption }, ...field.options] : field.options;
}

const required = validationMessages.required;
const when = (ok: boolean, message: MessageDescriptor) => (ok ? null : message);

const languages = LANGUAGE_OPTIONS;

const port: Check = (value) => when(isWholeNumberIn(value, 1, 65535), msg`Enter a valid port number`);
const httpUrl: Check = (value) => when(isHttpUrl(value), validationMessages.url);
const url: Check = (value) => when(isUrl(value), validationMessages.url);
const email: Check = (value) => when(isEmail(value), validationMessages.validEmail);
const host: Check = (value) => when(isHost(value), msg`Enter a valid host name`);

/** Spec section 5: min users gets the minimum message, the other counts the maximum one. */
const minUsers: Check = (value) => when(isMediaNodeCount(value), validationMessages.minUsers);
const maxCount: Check = (value) => when(isMediaNodeCount(value), validationMessages.maxUsers);
const maxUsers: Check = (value, values) => {
  if (!isMediaNodeCount(value)) return validationMessages.maxUsers;
  const min = String(values.minUsers ?? '');
  return isMediaNodeCount(min) && Number(value) < Number(min) ? validationMessages.maxUsers : null;
};

export const kubernetesFields: SettingsField[] = [
  { kind: 'yes-no', name: 'mediaNodes', label: msg`Media nodes` },
  { kind: 'number', name: 'minUsers', label: msg`Min users`, required: true, check: minUsers },
  { kind: 'number', name: 'maxUsers', label: msg`Max users`, required: true, check: maxUsers },
  { kind: 'text', name: 'name', label: msg`Name`, required: true, checkEmpty: true, check: (value) => when(isMediaNodeName(value), validationMessages.mediaNodeName) },
  { kind: 'number', name: 'maxInstance', label: msg`Max instance`, required: true, check: maxCount },
  { kind: 'number', name: 'wsStartPort', label: msg`WS start port`, required: true, check: maxCount },
  { kind: 'text', name: 'kubeUrl', label: msg`Kube url`, required: true, check: httpUrl, ltr: true },
  { kind: 'secret', name: 'kubeToken', label: msg`Kube token`, required: true },
  { kind: 'text', name: 'kubeImage', label: msg`Kube image`, required: true, check: url, ltr: true },
  { kind: 'text', name: 'httpPortStart', label: msg`Http port start`, required: true, ltr: true },
  { kind: 'text', name: 'adminPortStart', label: msg`Admin port start`, required: true, ltr: true },
];

// What the server does with them: apps/server/src/settings/system.ts.
export const systemFields: SettingsField[] = [
  {
    kind: 'text',
    name: 'publicUrl',
    label: msg`Public URL`,
    description: msg`The base of the links in mails and of the sign-in addresses of new accounts, unless the server's PUBLIC_URL setting is set. Tenants are served at its subdomains. Leave empty to use none.`,
    check: httpUrl,
    emptyIsNull: true,
    ltr: true,
  },
  {
    kind: 'text',
    name: 'supportEmail',
    label: msg`Support email`,
    description: msg`Offered to visitors on the maintenance notice and on the missing page.`,
    check: email,
    emptyIsNull: true,
    ltr: true,
  },
  { kind: 'select', name: 'defaultLanguage', label: msg`Default language`, options: languages },
  {
    kind: 'switch',
    name: 'maintenanceMode',
    label: msg`Maintenance mode`,
    description: msg`While on, only the platform super administrator can sign in and use the portal; everyone else sees a maintenance notice.`,
  },
  {
    kind: 'text',
    name: 'corsOrigins',
    label: msg`Allowed origins (CORS)`,
    description: msg`Other web addresses whose pages may call the portal's API with the user's session, separated by commas, such as https://reports.example.com. They still need a signed-in user and permissions. Leave empty to allow none.`,
    check: (value) => when(isOriginList(value), msg`Enter origins such as https://reports.example.com, separated by commas, without a path`),
    emptyIsNull: true,
    ltr: true,
  },
  // The launch page's app downloads (tenants whose features include the desktop client or the mobile app).
  { kind: 'text', name: 'windowsAppUrl', label: msg`Windows app download link`, description: msg`Offered on the launch page. Leave empty to offer no Windows app.`, check: httpUrl, emptyIsNull: true, ltr: true },
  { kind: 'text', name: 'macAppUrl', label: msg`macOS app download link`, description: msg`Offered on the launch page. Leave empty to offer no macOS app.`, check: httpUrl, emptyIsNull: true, ltr: true },
  { kind: 'text', name: 'androidAppUrl', label: msg`Android app link`, description: msg`Such as its Google Play page. Leave empty to offer no Android app.`, check: httpUrl, emptyIsNull: true, ltr: true },
  { kind: 'text', name: 'iosAppUrl', label: msg`iPhone and iPad app link`, description: msg`Such as its App Store page. Leave empty to offer no iOS app.`, check: httpUrl, emptyIsNull: true, ltr: true },
];

export const freeswitchFields: SettingsField[] = [
  { kind: 'text', name: 'host', label: msg`Host`, required: true, check: host, ltr: true },
  { kind: 'number', name: 'eslPort', label: msg`ESL port`, required: true, check: port },
  { kind: 'secret', name: 'eslPassword', label: msg`ESL password`, required: true },
];

export const kafkaFields: SettingsField[] = [
  {
    kind: 'text',
    name: 'brokers',
    label: msg`Brokers`,
    description: msg`host:port, separated by commas`,
    required: true,
    check: (value) => when(isBrokerList(value), msg`Enter brokers as host:port, separated by commas`),
    ltr: true,
  },
  { kind: 'text', name: 'topic', label: msg`Topic`, required: true, check: (value) => when(isKafkaTopic(value), msg`Enter a valid topic name`), ltr: true },
  { kind: 'text', name: 'saslUsername', label: msg`SASL user name`, ltr: true },
  { kind: 'secret', name: 'saslPassword', label: msg`SASL password` },
];

export const emailFields: SettingsField[] = [
  {
    kind: 'text',
    name: 'host',
    label: msg`Email server`,
    // What the server does with it (apps/server/src/mail/routes.ts): the saved settings win over SMTP_URL.
    description: msg`Every tenant without its own SMTP server sends its mail through this server; it overrides the server's SMTP_URL setting.`,
    required: true,
    check: host,
    ltr: true,
  },
  {
    kind: 'number',
    name: 'port',
    label: msg`Port`,
    description: msg`With TLS/SSL on: TLS on port 465, STARTTLS on any other port. Off: unencrypted.`,
    required: true,
    check: port,
  },
  { kind: 'text', name: 'fromName', label: msg`From name`, required: true },
  { kind: 'text', name: 'fromEmail', label: msg`From email`, required: true, check: email, ltr: true },
  { kind: 'text', name: 'username', label: msg`User name`, ltr: true },
  { kind: 'secret', name: 'password', label: msg`Password` },
  { kind: 'switch', name: 'tls', label: msg`TLS/SSL` },
];

export const paymentFields: SettingsField[] = [
  { kind: 'select', name: 'provider', label: msg`Payment provider`, options: [{ value: 'stripe', label: msg`Stripe` }] },
  { kind: 'text', name: 'publishableKey', label: msg`Publishable key`, required: true, ltr: true },
  { kind: 'secret', name: 'secretKey', label: msg`Secret key`, required: true },
  { kind: 'secret', name: 'webhookSecret', label: msg`Webhook secret` },
];

export const transcodingFields: SettingsField[] = [
  { kind: 'switch', name: 'enabled', label: msg`Transcoding enabled` },
  { kind: 'text', name: 'serviceUrl', label: msg`Service URL`, required: true, check: httpUrl, ltr: true },
  { kind: 'number', name: 'maxConcurrentJobs', label: msg`Max concurrent jobs`, required: true, check: (value) => when(isWholeNumberIn(value, 1, 100), validationMessages.value) },
  {
    kind: 'select',
    name: 'outputFormat',
    label: msg`Output format`,
    options: [
      { value: 'mp4', label: msg`MP4` },
      { value: 'webm', label: msg`WebM` },
    ],
  },
];

export const tenantFields: SettingsField[] = [
  { kind: 'switch', name: 'dialIn', label: msg`Dial in` },
  { kind: 'switch', name: 'dialOut', label: msg`Dial out` },
  { kind: 'switch', name: 'showNormalSignup', label: msg`Show normal signup` },
  { kind: 'switch', name: 'showSocialSignup', label: msg`Show social signup` },
  { kind: 'select', name: 'defaultLanguage', label: msg`Default language`, options: languages, nullOption: msg`Platform default` },
  {
    kind: 'number',
    name: 'maxUsers',
    label: msg`Max users`,
    description: msg`Leave empty for no limit`,
    check: (value) => when(isValidMaxUsers(value), validationMessages.value),
    emptyIsNull: true,
  },
  // The plan limits of tenants without a meeting plan: read at every check, so they apply at once.
  noPlanLimit('noPlanParticipants', msg`Participants per meeting without a plan`),
  noPlanLimit('noPlanMeetingMinutes', msg`Meeting duration without a plan (minutes)`),
  noPlanLimit('noPlanConcurrentMeetings', msg`Meetings at once without a plan`),
  noPlanLimit('noPlanStorageGb', msg`Recording storage without a plan (GB)`),
];

/** A limit for tenants without a meeting plan: empty is unlimited, else a whole number (the contract's 1..100000). */
function noPlanLimit(name: string, label: MessageDescriptor): SettingsField {
  return {
    kind: 'number',
    name,
    label,
    description: msg`For every tenant without a meeting plan, at once. Leave empty for no limit.`,
    check: (value) => when(isWholeNumberIn(value, 1, 100000), validationMessages.value),
    emptyIsNull: true,
  };
}

/** The message for a field's value, or null when it is fine. */
export function fieldMessage(field: SettingsField, values: FormValues): MessageDescriptor | null {
  if (field.kind === 'switch' || field.kind === 'yes-no' || field.kind === 'select') return null;
  const value = String(values[field.name] ?? '');
  if (field.kind === 'secret') return null;
  if (value === '') {
    if (field.emptyIsNull) return null;
    // A number field's rule already covers "missing" with its own message (spec section 5).
    if (field.kind === 'number' || field.checkEmpty) return field.check ? field.check(value, values) : null;
    return field.required ? required : null;
  }
  return field.check ? field.check(value, values) : null;
}

/** Form values for a section: stored values as text, secrets empty (unchanged), defaults before the first save. */
export function initialFormValues(fields: readonly SettingsField[], stored: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const current = stored?.[field.name];
    if (field.kind === 'switch' || field.kind === 'yes-no') values[field.name] = typeof current === 'boolean' ? current : false;
    else if (field.kind === 'secret') values[field.name] = '';
    else if (field.kind === 'select') values[field.name] = typeof current === 'string' ? current : (selectOptions(field)[0]?.value ?? '');
    else values[field.name] = current === undefined || current === null ? '' : String(current);
  }
  return values;
}

/**
 * The request body: numbers as numbers, text trimmed, an empty `emptyIsNull` field and a select's
 * `nullOption` as null, an untouched (empty) secret left out, and an optional secret marked for
 * removal (`removed`) sent as null unless a new value was typed.
 */
export function settingsBody(fields: readonly SettingsField[], values: FormValues, removed: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    const empty = typeof value === 'string' && value.trim() === '';
    if ((field.kind === 'number' || field.kind === 'text') && field.emptyIsNull && empty) body[field.name] = null;
    else if (field.kind === 'select' && field.nullOption && value === NULL_CHOICE) body[field.name] = null;
    else if (field.kind === 'number') body[field.name] = Number(value);
    else if (field.kind === 'secret') {
      if (typeof value === 'string' && value !== '') body[field.name] = value;
      else if (!field.required && removed.has(field.name)) body[field.name] = null;
    } else body[field.name] = typeof value === 'string' && field.kind === 'text' ? value.trim() : value;
  }
  return body;
}
