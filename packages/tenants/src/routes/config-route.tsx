import { ConfigScreen, configScreenOf } from '../components/global-configuration';

export type ConfigRouteProps = { path: string };

/** Lazy route module of the global configuration screens (`/portal/kubernetes-config`, ...). */
export default function ConfigRoute({ path }: ConfigRouteProps) {
  const screen = configScreenOf(path);
  // tenants-routes lists only paths configScreens knows; anything else has nothing to show.
  return screen ? <ConfigScreen screen={screen} /> : null;
}
