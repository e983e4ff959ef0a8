export { createJobQueue, enqueueJob, PermanentJobError, type Job, type JobClock, type JobContext, type JobHandler, type JobQueue, type NewJob, type Schedule } from './queue.ts';
export { jobDepth, type JobDepth, type JobState } from './depth.ts';
