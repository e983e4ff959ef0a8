import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('meeting-inspection');

/** Meeting state (live from the media server) and meeting log, by the meeting id people type. */
export const inspectKeys = {
  ...base,
  state: <P extends object>(code: string, params: P) => [...base.all, 'state', code, params] as const,
  log: <P extends object>(code: string, params: P) => [...base.all, 'log', code, params] as const,
};
