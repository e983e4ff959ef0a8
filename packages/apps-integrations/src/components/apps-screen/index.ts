export { AppsScreen, type AppsScreenProps } from './apps-screen';
