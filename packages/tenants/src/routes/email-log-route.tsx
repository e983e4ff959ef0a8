import { EmailLogScreen } from '../components/email-log-screen';

/** Lazy route module of `/portal/email-log`. */
export default function EmailLogRoute() {
  return <EmailLogScreen />;
}
