export { MeetingLogScreen } from './meeting-log-screen';
