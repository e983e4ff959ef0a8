import { DevClientsScreen } from '../components/dev-clients-screen';

/** Lazy route module of `/portal/devportal`. */
export default function DevportalRoute() {
  return <DevClientsScreen />;
}
