export { LiveMeetingsScreen } from './live-meetings-screen';
export type { LiveMeetingsScreenProps } from './live-meetings-screen';
