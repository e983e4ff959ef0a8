import { WebhooksScreen } from '../components/webhooks';

/** Lazy route module of `/portal/webhooks`. */
export default function WebhooksRoute() {
  return <WebhooksScreen />;
}
