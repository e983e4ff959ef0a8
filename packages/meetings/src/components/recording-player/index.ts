export { RecordingPlayerPage } from './recording-player-page';
