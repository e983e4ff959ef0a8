export { meetingsHandlers } from './handlers.ts';
export { meetingRoomHandlers } from './room-handlers.ts';
