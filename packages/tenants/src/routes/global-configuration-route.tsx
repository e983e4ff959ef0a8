import { GlobalConfigurationScreen } from '../components/global-configuration';

/** Lazy route module of `/portal/global-configuration`. */
export default function GlobalConfigurationRoute() {
  return <GlobalConfigurationScreen />;
}
