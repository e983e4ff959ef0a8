export {
  FAKE_INVITATION_TEXT,
  FAKE_ORIGIN,
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
export { installFakeClipboard, languageLoader, withMeetingsProviders } from './story-helpers';
