import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { settingsKeys } from './keys';

/** Each platform settings section and the values the server answers for it (secrets as `{ set: true }`). */
export type SettingsValuesOf = {
  kubernetes: Schema<'KubernetesSettings'>;
  system: Schema<'SystemSettings'>;
  freeswitch: Schema<'FreeswitchSettings'>;
  kafka: Schema<'KafkaSettings'>;
  meeting: Schema<'MeetingSettings'>;
  email: Schema<'EmailSettings'>;
  payment: Schema<'PaymentSettings'>;
  transcoding: Schema<'TranscodingSettings'>;
  tenant: Schema<'TenantSettings'>;
  recording: Schema<'RecordingSettings'>;
  webhooks: Schema<'WebhooksSettings'>;
};

export type SettingsSection = keyof SettingsValuesOf;

/** A section as stored: `values` is null until it is first saved. */
export type StoredSettings<S extends SettingsSection> = { values: SettingsValuesOf[S] | null; updatedAt: string | null };

// Each section has its own path in the contract (so each has an exact schema); the paths share
// one shape, so one typed call serves them all.
export const settingsPath = <S extends SettingsSection>(section: S) => `/settings/${section}` as '/settings/kubernetes';

export function getSettings<S extends SettingsSection>(section: S, signal?: AbortSignal): Promise<StoredSettings<S>> {
  return ok(api().GET(settingsPath(section), { signal })) as Promise<StoredSettings<S>>;
}

export function getSettingsQueryOptions<S extends SettingsSection>(section: S) {
  return queryOptions({ queryKey: settingsKeys.detail(section), queryFn: ({ signal }) => getSettings(section, signal) });
}

/** One platform settings section (super administrator). */
export function useSettings<S extends SettingsSection>(section: S) {
  return useQuery(getSettingsQueryOptions(section));
}
