import { AppsScreen } from '../components/apps-screen';

/** Lazy route module of `/portal/app`, behind the portal's guard (member). */
export default function AppsRoute() {
  return <AppsScreen />;
}
