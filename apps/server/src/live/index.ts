export { liveHandlers } from './handlers.ts';
export { endLiveStreams } from './stream.ts';
export type { SimulatedRecorder, SimulatedRecording } from './simulator.ts';
export { liveScopeOf, type LiveScope } from './lists.ts';
