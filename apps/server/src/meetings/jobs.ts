// The meetings domain's background work: sweeping unused join grants, ending a meeting at its plan's
// length, telling administrators that a meeting ran unrecorded for want of storage, and revoking a
// removed participant's grants.
import type { FastifyInstance } from 'fastify';
import { registerGrantSweep } from './grants.ts';
import { registerRemovalRevoke } from './live-moderation.ts';
import { registerEndAtPlanLimit } from './room-end-job.ts';
import { registerStorageFullMail } from './storage-full-mail.ts';

export function registerMeetingJobs(app: FastifyInstance): void {
  registerGrantSweep(app);
  registerEndAtPlanLimit(app);
  registerStorageFullMail(app);
  registerRemovalRevoke(app);
}
