export { SlackResultScreen, approvalOf, type SlackResultKind, type SlackResultScreenProps } from './slack-result-screen';
