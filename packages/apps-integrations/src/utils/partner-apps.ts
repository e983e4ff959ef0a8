import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '@portal/api-client';
import { validationMessages } from '@portal/i18n';
import type { PartnerAppId, TenantApp } from '../api/get-tenant-apps';
import type { TenantAppInstall } from '../api/install-tenant-app';
import { fieldErrorText, problemText } from '@portal/forms';

export type PartnerAppField = keyof TenantAppInstall;
export type PartnerAppRegion = NonNullable<TenantAppInstall['region']>;

export type PartnerAppEntry = {
  /** The partner's own name, never translated. */
  name: string;
  description: MessageDescriptor;
  /** What the app will reach once installed, shown before the settings. */
  access: readonly MessageDescriptor[];
  /** Its settings, in the order the form shows them; `apiKey` is the secret one. */
  fields: readonly PartnerAppField[];
};

export const PARTNER_APPS: Record<PartnerAppId, PartnerAppEntry> = {
  neosound: {
    name: 'Neosound',
    description: msg`Speech analytics: Neosound transcribes the tenant's meeting recordings and reports on how the conversations went.`,
    access: [msg`View recordings`, msg`View meetings`, msg`View user information`],
    fields: ['apiKey', 'region'],
  },
  slack: {
    name: 'Slack',
    description: msg`Start, join and share the tenant's meetings from Slack with a slash command.`,
    // The permissions the spec's Slack authorization page asks for.
    access: [msg`View meetings`, msg`View and manage meetings`, msg`View phone activities and settings`, msg`View recordings`, msg`View user information`],
    fields: ['teamId', 'command'],
  },
};

export const PARTNER_APP_REGIONS: ReadonlyArray<readonly [PartnerAppRegion, MessageDescriptor]> = [
  ['eu', msg`Europe`],
  ['us', msg`United States`],
];

/** The contract's rules (PartnerAppApiKey, SlackTeamId, SlashCommand). */
export const PARTNER_APP_RULES = {
  apiKey: /^[!-~]{16,200}$/,
  teamId: /^T[A-Z0-9]{6,20}$/,
  command: /^\/[a-z0-9_-]{1,31}$/,
} as const;

/** The wizard's own messages, shared by its checks and the server's field errors. */
export const partnerAppMessages = {
  apiKey: msg`Enter a valid API key: 16 to 200 characters without spaces`,
  teamId: msg`Enter a valid Slack team ID, e.g. T024BE7LD`,
  command: msg`Enter a slash command such as /meet`,
  appInstalled: msg`This app is already installed`,
  // The spec's words for a failed Slack installation.
  slackInstallFailed: msg`Installation of the product on Slack is failed. Please try again and if the problem persist, please contact support.`,
} as const;

const partnerAppFieldMessages: Record<string, MessageDescriptor> = {
  invalid_api_key: partnerAppMessages.apiKey,
  invalid_team_id: partnerAppMessages.teamId,
  invalid_slash_command: partnerAppMessages.command,
};

/** The text under a field for a server field error code, with the partner-app codes. */
export function partnerAppFieldErrorText(code: string, i18n: I18n): string {
  const message = Object.hasOwn(partnerAppFieldMessages, code) ? partnerAppFieldMessages[code] : undefined;
  return message ? i18n._(message) : fieldErrorText(code, i18n);
}

/**
 * The snackbar text of a failed install or change: 'already installed' for a 409, the spec's Slack
 * installation failure when installing Slack failed on the server's side, else the usual text.
 */
export function partnerAppProblemText(app: PartnerAppId, installing: boolean) {
  return (error: unknown, i18n: I18n): string => {
    if (isApiError(error) && error.code === 'app_installed') return i18n._(partnerAppMessages.appInstalled);
    const serverSide = !isApiError(error) || error.status === 0 || error.status >= 500;
    if (installing && app === 'slack' && serverSide) return i18n._(partnerAppMessages.slackInstallFailed);
    return problemText(error, i18n);
  };
}

export type PartnerAppFormValues = { apiKey: string; region: PartnerAppRegion; teamId: string; command: string };

export function initialPartnerAppValues(app: TenantApp): PartnerAppFormValues {
  const settings = app.settings;
  return { apiKey: '', region: settings?.region ?? 'eu', teamId: settings?.teamId ?? '', command: settings?.command ?? '' };
}

/**
 * The error of one field of `app`'s form, or null. The API key may stay empty when one is stored
 * (it is kept); a field of the other app is never checked.
 */
export function partnerAppFieldError(app: PartnerAppId, field: PartnerAppField, values: PartnerAppFormValues, hasStoredKey: boolean, i18n: I18n): string | null {
  if (!PARTNER_APPS[app].fields.includes(field)) return null;
  const value = values[field].trim();
  if (field === 'region') return value ? null : i18n._(validationMessages.required);
  if (!value) return field === 'apiKey' && hasStoredKey ? null : i18n._(validationMessages.required);
  return PARTNER_APP_RULES[field].test(field === 'apiKey' ? values.apiKey : value) ? null : i18n._(partnerAppMessages[field]);
}

/** The settings of `app` to send: its own fields only, trimmed; the API key only when one is typed (empty keeps it). */
export function partnerAppSettingsBody(app: PartnerAppId, values: PartnerAppFormValues): TenantAppInstall {
  const body: TenantAppInstall = {};
  for (const field of PARTNER_APPS[app].fields) {
    if (field === 'apiKey') {
      if (values.apiKey) body.apiKey = values.apiKey;
    } else if (field === 'region') {
      body.region = values.region;
    } else {
      body[field] = values[field].trim();
    }
  }
  return body;
}
