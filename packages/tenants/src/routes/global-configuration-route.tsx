import { GlobalConfigurationScreen } from '../components/settings/global-configuration';

/** Lazy route module of `/portal/global-configuration`. */
export default function GlobalConfigurationRoute() {
  return <GlobalConfigurationScreen />;
}
