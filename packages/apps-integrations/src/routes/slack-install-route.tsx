import { SlackResultScreen } from '../components/slack-result';

/** Lazy route module of `/portal/slack-install`. */
export default function SlackInstallRoute() {
  return <SlackResultScreen kind="install" />;
}
