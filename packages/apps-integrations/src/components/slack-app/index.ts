export { SlackAppScreen, type SlackAppScreenProps } from './slack-app-screen';
export { SlackUninstallDialog } from './slack-uninstall-dialog';
