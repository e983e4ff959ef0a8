export { meetingsHandlers } from './handlers.ts';
export { meetingRoomHandlers } from './room-handlers.ts';
export { enforceEntryMutes } from './entry-moderation.ts';
export { recoverRoomsAfterRestart } from './room-restart.ts';
