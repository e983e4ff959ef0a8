import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { settingsKeys } from './keys';

/** This feature's settings sections, each read from its own path of the contract. */
const readers = {
  meeting: (signal?: AbortSignal) => ok(api().GET('/settings/meeting', { signal })),
  recording: (signal?: AbortSignal) => ok(api().GET('/settings/recording', { signal })),
};

export type SettingsSection = keyof typeof readers;

/** A section as stored: `values` is null until it is first saved. */
export type StoredSettings<S extends SettingsSection> = Awaited<ReturnType<(typeof readers)[S]>>;

export function getSettings<S extends SettingsSection>(section: S, signal?: AbortSignal): Promise<StoredSettings<S>> {
  return readers[section](signal) as Promise<StoredSettings<S>>;
}

/** The meeting or recording settings (super administrator). */
export function useSettings<S extends SettingsSection>(section: S) {
  return useQuery(queryOptions({ queryKey: settingsKeys.detail(section), queryFn: ({ signal }) => getSettings(section, signal) }));
}
