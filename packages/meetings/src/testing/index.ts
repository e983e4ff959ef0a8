export {
  FAKE_INVITATION_TEXT,
  FAKE_ORIGIN,
  FAKE_PEOPLE,
  fakeJoinUrl,
  fakeMeeting,
  fakeMeetingsApiLoader,
  fakePastOccurrence,
  fakePersonalMeeting,
  installFakeMeetingsApi,
  loadedMeetingsApi,
  TAKEN_MEETING_ID,
} from './fake-meetings-api';
export type { FakeMeetingsApi, FakeMeetingsApiOptions, FakeMeetingsOperation, FakeMeetingsRequest } from './fake-meetings-api';
export { installFakeClipboard, withMeetingsProviders } from './story-helpers';
export { setDate, setTime, shownTime } from './story-inputs';
export { translatedListStory } from './story-checks';
// One language loader for every feature's stories.
export { languageLoader } from '@portal/auth/testing';
export { FAKE_GUEST_KEY, FAKE_ROOM_CODE, FAKE_ROOM_MEETING_ID, FAKE_ROOM_PASSWORD, fakeJoinGrant, fakeJoinInfo, fakeRoomApiLoader, fakeRoomHandler } from './fake-room-api';
export { fakeJanusRoom, fakeVideoStream } from './fake-janus-room';
export type { FakeJanusRoom } from './fake-janus-room';
export type { FakeRoom, FakeRoomOptions } from './fake-room-api';
export {
  fakeCompletedMeeting,
  fakeCompletedParticipant,
  fakeLiveApiLoader,
  fakeLiveMeeting,
  fakeLiveParticipant,
  fakeSessionId,
  installFakeEventSource,
  installFakeLiveApi,
  loadedLiveApi,
} from './fake-live-api';
export type { FakeLiveApi, FakeLiveApiOptions, FakeLiveEvents, FakeLiveOperation } from './fake-live-api';
export { FAKE_EARLIER_RUN, FAKE_STATE_CODE, fakeFeedback, fakeInspectApiLoader, fakeLogEvents, fakeMeetingState, fakeStreamRow, installFakeInspectApi, loadedInspectApi } from './fake-inspect-api';
export type { FakeInspectApiOptions } from './fake-inspect-api';
export { fakeRecording, fakeRecordingsApiLoader, installFakeRecordingsApi, loadedRecordingsApi } from './fake-recordings-api';
export type { FakeRecordingsApi, FakeRecordingsApiOptions, FakeRecordingsOperation } from './fake-recordings-api';
export { fakeLocalRecording, fakeLocalRecordingsApiLoader, installFakeLocalRecordingsApi, loadedLocalRecordingsApi } from './fake-local-recordings-api';
export type { FakeLocalRecordingsApi, FakeLocalRecordingsApiOptions, FakeLocalRecordingsOperation } from './fake-local-recordings-api';
export { createFakeTusServer } from './fake-tus-stack';
export type { FakeTusOptions, FakeTusServer } from './fake-tus-stack';
