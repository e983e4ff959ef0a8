export { recordingsHandlers } from './handlers.ts';
export { registerRecordingJobs } from './jobs.ts';
export { recordingAccessHandlers } from './access-handlers.ts';
export { checkRecordingAddress } from './address-restriction.ts';
export { seedDemoRecordings, simulatedRecorder } from './demo.ts';
export { registerRecordingRetentionJobs } from './retention.ts';
export { queueRecordingOfEndingRoom } from './service.ts';
export { recordingUploadHandlers } from './upload-handlers.ts';
