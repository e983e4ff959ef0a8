import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { OWN_ERROR_NOTICE } from '@portal/forms';
import type { SettingsSection, StoredSettings } from './get-settings';
import { settingsKeys } from './keys';

/** Each section's save, to its own path of the contract. */
const writers = {
  meeting: (body: Schema<'MeetingSettings'>) => ok(api().PUT('/settings/meeting', { body })),
  recording: (body: Schema<'RecordingSettings'>) => ok(api().PUT('/settings/recording', { body })),
};

export type SettingsInputOf<S extends SettingsSection> = Parameters<(typeof writers)[S]>[0];

export function updateSettings<S extends SettingsSection>(section: S, values: SettingsInputOf<S>): Promise<StoredSettings<S>> {
  const write = writers[section] as (body: SettingsInputOf<S>) => Promise<StoredSettings<S>>;
  return write(values);
}

/** Saves one section; the answer replaces the cached copy. The form shows its own error. */
export function useUpdateSettings<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: (values: SettingsInputOf<S>) => updateSettings(section, values),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.detail(section), saved),
  });
}
