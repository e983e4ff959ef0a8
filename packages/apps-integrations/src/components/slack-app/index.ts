export { SlackAppScreen, type SlackAppScreenProps } from './slack-app-screen';
