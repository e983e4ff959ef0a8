export { recordingsHandlers } from './handlers.ts';
export { registerRecordingJobs } from './jobs.ts';
