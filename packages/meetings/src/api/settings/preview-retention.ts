import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';
import { settingsKeys } from './keys';

export type RetentionPreview = Schema<'RetentionPreview'>;

export function previewRetention(autoDeleteDays: number | null, signal?: AbortSignal) {
  return ok(api().POST('/recordings/retention-preview', { body: { autoDeleteDays }, signal }));
}

export function previewRetentionQueryOptions(autoDeleteDays: number | null) {
  return queryOptions({
    queryKey: [...settingsKeys.all, 'retention-preview', autoDeleteDays] as const,
    queryFn: ({ signal }) => previewRetention(autoDeleteDays, signal),
    staleTime: 0,
  });
}

/** What retention would delete with `autoDeleteDays` (a dry run; nothing is deleted). */
export function useRetentionPreview(autoDeleteDays: number | null, enabled = true) {
  return useQuery({ ...previewRetentionQueryOptions(autoDeleteDays), enabled });
}
