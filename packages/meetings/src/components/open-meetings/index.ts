export { OpenMeetingsScreen } from './open-meetings-screen';
