export { LaunchPage } from './launch-page';
