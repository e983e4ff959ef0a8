import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { settingsPath, type SettingsSection, type StoredSettings } from './get-settings';
import { tenantDefaultsKey } from '../tenants/keys';
import { settingsKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

/** What each section's save takes: secrets as plain text, where empty or absent keeps the stored one. */
export type SettingsInputOf = {
  kubernetes: Schema<'KubernetesSettingsInput'>;
  system: Schema<'SystemSettings'>;
  freeswitch: Schema<'FreeswitchSettingsInput'>;
  kafka: Schema<'KafkaSettingsInput'>;
  meeting: Schema<'MeetingSettings'>;
  email: Schema<'EmailSettingsInput'>;
  payment: Schema<'PaymentSettingsInput'>;
  transcoding: Schema<'TranscodingSettings'>;
  tenant: Schema<'TenantSettings'>;
  recording: Schema<'RecordingSettings'>;
  webhooks: Schema<'WebhooksSettings'>;
};

export function updateSettings<S extends SettingsSection>({ section, values }: { section: S; values: SettingsInputOf[S] }): Promise<StoredSettings<S>> {
  return ok(api().PUT(settingsPath(section), { body: values as SettingsInputOf['kubernetes'] })) as Promise<StoredSettings<S>>;
}

/** Saves one section; the answer (secrets masked) replaces the cached copy. */
export function useUpdateSettings<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (values: SettingsInputOf[S]) => updateSettings({ section, values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.detail(section), saved);
      // The 'tenant' section is what new tenants get: the create dialog prefills from it.
      if (section === 'tenant') return queryClient.invalidateQueries({ queryKey: tenantDefaultsKey() });
    },
  });
}
