export { meetingStateHandlers } from './handlers.ts';
