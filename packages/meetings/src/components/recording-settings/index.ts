export { RecordingSettingsScreen } from './recording-settings-screen';
