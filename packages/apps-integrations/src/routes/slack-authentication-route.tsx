import { SlackResultScreen } from '../components/slack-result';

/** Lazy route module of `/portal/slack-authentication`. */
export default function SlackAuthenticationRoute() {
  return <SlackResultScreen kind="authentication" />;
}
