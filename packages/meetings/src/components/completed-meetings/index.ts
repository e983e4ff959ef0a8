export { CompletedMeetingsScreen } from './completed-meetings-screen';
export type { CompletedMeetingsScreenProps } from './completed-meetings-screen';
