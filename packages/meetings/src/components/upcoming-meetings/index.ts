export { UpcomingMeetingsScreen } from './upcoming-meetings-screen';
