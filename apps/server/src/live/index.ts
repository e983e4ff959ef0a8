export { liveHandlers } from './handlers.ts';
export { endLiveStreams } from './stream.ts';
