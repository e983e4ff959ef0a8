export { mediaUnavailable, unconfiguredMedia, type PublisherOnAir, type IceServer, type MediaFlow, type MediaHandle, type MediaPlatform, type MediaRoom, type RoomSpec, type RoomState } from './platform.ts';
export { countRefusedPosts, mediaEventsHandlers, mediaNodeGate, type MediaModelListeners } from './events-ingest.ts';
export { consumeMediaEvents, declareEventsQueue } from './broker.ts';
export { parseUserAgent } from './user-agent.ts';
export { configuredMedia, openMediaPlatform } from './open-platform.ts';
export { iceServersFor, turnCredentials, type TurnConfig } from './turn.ts';
export { registerMediaJobs } from './handle-memory.ts';
