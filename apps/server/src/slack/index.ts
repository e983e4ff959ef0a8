export { slackHandlers, slackRequestGate } from './handlers.ts';
export { registerSlackJobs } from './updates.ts';
