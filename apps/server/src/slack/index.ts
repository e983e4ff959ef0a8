export { slackHandlers, slackRequestGate } from './handlers.ts';
export { announceSharedRecording, registerSlackJobs } from './updates.ts';
export { slackConsentRules } from './consent-rules.ts';
export { tenantSlackApp } from './service.ts';
