import { SlackAppScreen } from '../components/slack-app';

/** Lazy route module of `/portal/slack`. */
export default function SlackRoute() {
  return <SlackAppScreen />;
}
