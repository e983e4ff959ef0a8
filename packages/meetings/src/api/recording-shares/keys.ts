import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('recording-shares');

/** A recording's share links under `['recording-shares', 'list', id]`; the public player's link under `shared`. */
export const recordingShareKeys = {
  ...base,
  ofRecording: (recordingId: string) => [...base.all, 'list', recordingId] as const,
  shared: (token: string) => [...base.all, 'shared', token] as const,
};
