export { MeetingSettingsScreen } from './meeting-settings-screen';
