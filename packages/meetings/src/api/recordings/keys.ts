import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('recordings');

/** Recordings: the cloud list under `['recordings', 'cloud']`; actions on a recording invalidate `all`. */
export const recordingKeys = {
  ...base,
  cloud: () => [...base.all, 'cloud'] as const,
  cloudList: <P extends object>(params: P) => [...base.all, 'cloud', params] as const,
};
