export { PastMeetingsScreen, type PastMeetingsScreenProps } from './past-meetings-screen';
