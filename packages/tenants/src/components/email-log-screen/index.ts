export { EmailLogScreen } from './email-log-screen';
