export { liveHandlers } from './handlers.ts';
export { endLiveStreams } from './stream.ts';
export type { SimulatedRecorder, SimulatedRecording } from './simulator.ts';
export { liveScopeOf, type LiveScope } from './lists.ts';
export { applyMediaEvents } from './apply.ts';
export { createLiveBus, type LiveBus } from './bus.ts';
export { generateHistory, type HistoryReport } from './demo-history.ts';
export { opaqueIdOf, parseOpaqueId, type MediaEvent, type ParticipantClient, type StreamKind } from './events.ts';
export { startConfiguredSimulator } from './simulator.ts';
