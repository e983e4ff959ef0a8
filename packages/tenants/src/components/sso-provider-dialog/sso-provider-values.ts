import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { validationMessages } from '@portal/i18n';
import type { SsoProviderCreate } from '../../api/sso/add-tenant-sso';
import type { SsoProvider } from '../../api/sso/get-tenant-sso';
import type { SsoProviderUpdate } from '../../api/sso/update-tenant-sso';
import { fieldErrorText } from '@portal/forms';

export type RoleMappingRow = {
  /** Stable React key of the row while mappings are added and removed. */
  key: string;
  value: string;
  role: string;
};

export type SsoProviderFormValues = {
  name: string;
  kind: SsoProvider['kind'];
  issuer: string;
  clientId: string;
  /** Write-only: empty keeps the stored secret on an edit. */
  clientSecret: string;
  /** Edit only: sends `clientSecret: null`, which removes the stored secret. */
  removeSecret: boolean;
  scopes: string;
  claim: string;
  mappings: RoleMappingRow[];
  enabled: boolean;
};

// The contract's limits (openapi/portal.yaml SsoProviderCreate, SsoRoleMapping).
export const SSO_LIMITS = { name: 64, issuer: 500, clientId: 200, clientSecret: 500, scopes: 300, claim: 100, role: 64, mappings: 50 } as const;
export const DEFAULT_SCOPES = 'openid email profile';

/** The login button a provider shows (AuthProviderKind), by its own names. */
export const SSO_KIND_LABELS: Record<SsoProvider['kind'], string> = { oidc: 'OpenID Connect', google: 'Google', facebook: 'Facebook' };

let rowCounter = 0;
export const emptyMappingRow = (): RoleMappingRow => ({ key: `mapping-${++rowCounter}`, value: '', role: '' });

export function initialSsoProviderValues(provider: SsoProvider | null | undefined): SsoProviderFormValues {
  return {
    name: provider?.name ?? '',
    kind: provider?.kind ?? 'oidc',
    issuer: provider?.issuer ?? '',
    clientId: provider?.clientId ?? '',
    clientSecret: '',
    removeSecret: false,
    scopes: provider?.scopes ?? DEFAULT_SCOPES,
    claim: provider?.roleMapping?.claim ?? '',
    mappings: Object.entries(provider?.roleMapping?.values ?? {}).map(([value, role]) => ({ ...emptyMappingRow(), value, role })),
    enabled: (provider?.status ?? 'enabled') === 'enabled',
  };
}

/**
 * An issuer the server accepts: an https URL without query or fragment (the server also takes
 * http on loopback, for development only; the portal asks for https).
 */
export function isHttpsIssuer(value: string): boolean {
  const text = value.trim();
  if (!URL.canParse(text) || /\s/.test(text)) return false;
  const url = new URL(text);
  return url.protocol === 'https:' && url.hostname !== '' && url.search === '' && url.hash === '' && !text.includes('#') && !text.includes('?');
}

/** The contract's scopes rule: space separated, `openid` among them. */
export const hasOpenIdScope = (value: string) => value.trim().split(/\s+/).includes('openid');

const normaliseScopes = (value: string) => value.trim().split(/\s+/).join(' ');

function roleMappingBody(values: SsoProviderFormValues): SsoProviderCreate['roleMapping'] {
  const claim = values.claim.trim();
  if (!claim) return null;
  return { claim, values: Object.fromEntries(values.mappings.map((row) => [row.value.trim(), row.role.trim()])) };
}

function commonBody(values: SsoProviderFormValues) {
  return {
    name: values.name.trim(),
    kind: values.kind,
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    scopes: normaliseScopes(values.scopes),
    roleMapping: roleMappingBody(values),
    status: values.enabled ? ('enabled' as const) : ('disabled' as const),
  };
}

/** addTenantSSO's body; the secret only when one is typed. */
export function ssoProviderCreateBody(values: SsoProviderFormValues): SsoProviderCreate {
  return { ...commonBody(values), ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}) };
}

/** updateTenantSSO's body: no `clientSecret` keeps the stored one, a typed one replaces it, null removes it. */
export function ssoProviderUpdateBody(values: SsoProviderFormValues): SsoProviderUpdate {
  const secret = values.removeSecret ? { clientSecret: null } : values.clientSecret ? { clientSecret: values.clientSecret } : {};
  return { ...commonBody(values), ...secret };
}

const FIELDS = ['name', 'kind', 'issuer', 'clientId', 'clientSecret', 'scopes'] as const;

/**
 * A server field error's path as a form path: `roleMapping.values.<claim value>` becomes the
 * role of that value's row, `roleMapping.claim` the claim, `status` the Enabled box. Unknown
 * fields give null (shown as a snackbar instead).
 */
export function ssoFormPathOf(field: string, mappings: readonly RoleMappingRow[]): string | null {
  if ((FIELDS as readonly string[]).includes(field)) return field;
  if (field === 'status') return 'enabled';
  if (field === 'roleMapping' || field === 'roleMapping.claim') return 'claim';
  const prefix = 'roleMapping.values.';
  if (field.startsWith(prefix)) {
    const value = field.slice(prefix.length);
    const index = mappings.findIndex((row) => row.value.trim() === value);
    return index >= 0 ? `mappings.${index}.role` : 'claim';
  }
  return null;
}

/** The dialog's own messages, shared by its checks and the server's field errors. */
export const ssoMessages = {
  scopesOpenId: msg`The scopes must include openid`,
  roleNotAssignable: msg`You cannot give this role`,
  valueMappedTwice: msg`This claim value is already mapped`,
} as const;

const ssoFieldMessages = {
  invalid_issuer: validationMessages.url,
  invalid_scopes: ssoMessages.scopesOpenId,
  role_not_assignable: ssoMessages.roleNotAssignable,
} as const;

/** The text under a field for a server field error code, with the SSO-only codes. */
export function ssoFieldErrorText(code: string, i18n: I18n): string {
  return Object.hasOwn(ssoFieldMessages, code) ? i18n._(ssoFieldMessages[code as keyof typeof ssoFieldMessages]) : fieldErrorText(code, i18n);
}
