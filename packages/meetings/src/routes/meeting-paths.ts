// The meetings feature's paths, one constant each: the route list serves them and the screens'
// links and navigations build from them. Kept apart from the screens so the route list imports
// no screen code (screens load lazily).

export const UPCOMING_MEETINGS_PATH = '/upcoming-meetings';
export const OPEN_MEETINGS_PATH = '/open-meetings';
export const PAST_MEETINGS_PATH = '/past-meetings';
export const SCHEDULE_MEETING_PATH = '/schedule-meeting';
export const EDIT_MEETING_PATH = '/schedule-meeting/:meetingid';
export const EDIT_OCCURRENCE_PATH = '/update-meetings';
export const PERSONAL_MEETING_PATH = '/personal-meeting';
export const LAUNCH_PATH = '/launch-page';
export const JOIN_PATH = '/join/:code';
export const DASHBOARD_PATH = '/dashboard';
export const LIVE_MEETINGS_PATH = '/live-meeting';
export const COMPLETED_MEETINGS_PATH = '/completed-meetings';
export const CLOUD_RECORDINGS_PATH = '/cloud-recordings';
/** The member's own uploaded recordings (spec 'Local recordings' for members; no route of the spec's list names it). */
export const MY_RECORDINGS_PATH = '/recordings';
/** Every tenant's uploaded recordings (super administrator). */
export const LOCAL_RECORDINGS_PATH = '/local-recordings';
/** The public player of a recording's share link (outside sign-in; the server's share URLs point here). */
export const RECORDING_PLAYER_PATH = '/recording/:token';
/** The Feedback screen (another screen of this feature); `feedbackPath` filters it to one meeting. */
export const FEEDBACK_PATH = '/feedback';

/** The Schedule screen for every occurrence of a meeting. */
export const editMeetingPath = (meetingId: string) => EDIT_MEETING_PATH.replace(':meetingid', encodeURIComponent(meetingId));

/** The Schedule screen for one occurrence (its originalStart) of a recurring meeting. */
export const editOccurrencePath = (meetingId: string, originalStart: string) =>
  `${EDIT_OCCURRENCE_PATH}?${new URLSearchParams({ meeting: meetingId, occurrence: originalStart }).toString()}`;

/** Where a meeting is joined: the meeting room's page for this meeting id. */
export const joinPath = (meetingId: string) => JOIN_PATH.replace(':code', encodeURIComponent(meetingId));

/** The Feedback screen showing what participants said about one meeting (its meeting id). */
export const feedbackPath = (meetingId: string) => `${FEEDBACK_PATH}?${new URLSearchParams({ meeting: meetingId }).toString()}`;

export const MEETING_STATE_PATH = '/meeting-state';
export const MEETING_LOG_PATH = '/meeting-log';

/** The Meeting state screen opened on a meeting (its meeting id). */
export const meetingStatePath = (meetingId: string) => `${MEETING_STATE_PATH}?${new URLSearchParams({ meeting: meetingId }).toString()}`;

/** The Meeting log screen opened on a meeting (its meeting id), on one of its runs when given (default: the latest). */
export const meetingLogPath = (meetingId: string, session?: string) =>
  `${MEETING_LOG_PATH}?${new URLSearchParams({ meeting: meetingId, ...(session ? { session } : {}) }).toString()}`;
