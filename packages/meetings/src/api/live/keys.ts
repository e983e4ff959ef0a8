import { createQueryKeys } from '@portal/api-client';

const base = createQueryKeys('live');

/**
 * Live operations: running meetings and their people under `['live', 'current']`, ended ones
 * under `['live', 'completed']`; a pushed change invalidates the
 * meeting lists and the participants of the sessions it names.
 */
export const liveKeys = {
  ...base,
  current: () => [...base.all, 'current'] as const,
  currentMeetingsAll: () => [...base.all, 'current', 'meetings'] as const,
  currentMeetings: <P extends object>(params: P) => [...base.all, 'current', 'meetings', params] as const,
  currentParticipants: (sessionId: string) => [...base.all, 'current', 'participants', sessionId] as const,
  completed: () => [...base.all, 'completed'] as const,
  completedMeetings: <P extends object>(params: P) => [...base.all, 'completed', 'meetings', params] as const,
  completedParticipants: (sessionId: string) => [...base.all, 'completed', 'participants', sessionId] as const,
};
