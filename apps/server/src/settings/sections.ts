// The platform settings sections (global configuration, meeting and recording settings) and the
// rules the contract's schemas cannot say: which fields are secrets, which secrets must exist, and
// cross-field checks. Schemas in openapi/portal.yaml already checked types, ranges and formats.
import { isIP } from 'node:net';
import type { FieldError } from '../kernel/http/problem.ts';

export const settingsSections = ['kubernetes', 'system', 'freeswitch', 'kafka', 'meeting', 'email', 'payment', 'transcoding', 'tenant', 'recording', 'webhooks'] as const;

export type SettingsSection = (typeof settingsSections)[number];

/** Secret fields per section: sealed at rest, answered only as `{ set: true }`. */
export const secretFields: Record<SettingsSection, readonly string[]> = {
  kubernetes: ['kubeToken'],
  system: [],
  freeswitch: ['eslPassword'],
  kafka: ['saslPassword'],
  meeting: [],
  email: ['password'],
  payment: ['secretKey', 'webhookSecret'],
  transcoding: [],
  tenant: [],
  recording: [],
  webhooks: [],
};

/** Secrets a section cannot be saved without (the first save must send them). */
export const requiredSecrets: Partial<Record<SettingsSection, readonly string[]>> = {
  kubernetes: ['kubeToken'],
  freeswitch: ['eslPassword'],
  payment: ['secretKey'],
};

type Values = Record<string, unknown>;

/** An IPv4 or IPv6 address, or a CIDR range whose prefix fits the address family. */
export function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^(0|[1-9][0-9]{0,2})$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Cross-field rules per section; each broken rule is one field error. */
export function sectionErrors(section: SettingsSection, values: Values): FieldError[] {
  const errors: FieldError[] = [];
  if (section === 'kubernetes') {
    if (typeof values.minUsers === 'number' && typeof values.maxUsers === 'number' && values.maxUsers < values.minUsers) {
      errors.push({ field: 'maxUsers', code: 'invalid_max_users', message: 'The maximum number of users is below the minimum.' });
    }
  }
  if (section === 'meeting') {
    const seen = new Set<string>();
    (values.modes as { name: string }[]).forEach((mode, index) => {
      const key = mode.name.trim().toLowerCase();
      if (seen.has(key)) errors.push({ field: `modes.${index}.name`, code: 'name_exists', message: 'Two meeting modes have the same name.' });
      seen.add(key);
    });
  }
  if (section === 'recording') {
    const address = values.allowedAddress;
    if (typeof address === 'string' && !isAddressOrRange(address.trim())) {
      errors.push({ field: 'allowedAddress', code: 'invalid_ip_range', message: 'Enter an IP address or a CIDR range.' });
    }
  }
  return errors;
}
