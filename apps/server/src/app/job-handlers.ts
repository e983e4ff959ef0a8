// Every feature's background work, registered on the app's job queue in one place so a reader
// sees all of it. A feature exports a function that registers its handlers and schedules.
import type { FastifyInstance } from 'fastify';
import { registerBillingJobs } from '../billing/index.ts';
import { registerMediaJobs } from '../media/index.ts';
import { registerMeetingJobs } from '../meetings/index.ts';
import { registerRecordingRetentionJobs, registerRecordingJobs } from '../recordings/index.ts';
import { registerSlackJobs } from '../slack/index.ts';
import { registerUserJobs } from '../users/index.ts';
import { registerWebhookJobs } from '../webhooks/index.ts';

const registrars: Array<(app: FastifyInstance) => void> = [
  registerRecordingRetentionJobs,
  // One line per feature, e.g. registerRecordingJobs (src/recordings/jobs.ts).
  registerRecordingJobs,
  registerBillingJobs,
  registerSlackJobs,
  registerWebhookJobs,
  registerMeetingJobs,
  registerMediaJobs,
  registerUserJobs,
];

export function registerJobHandlers(app: FastifyInstance): void {
  for (const register of registrars) register(app);
}
