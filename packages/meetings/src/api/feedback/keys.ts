import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('feedback');

/** Participants' ratings of meetings, for the super administrator. */
export const feedbackKeys = {
  ...base,
  list: <P extends object>(params: P) => [...base.lists(), params] as const,
};
