export { PersonalMeetingScreen, suggestMeetingId } from './personal-meeting-screen';
