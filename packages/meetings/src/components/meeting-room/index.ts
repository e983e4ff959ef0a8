export { JoinMeetingPage, WAITING_RETRY_MS } from './join-meeting-page';
