import type { ComponentType } from 'react';

/**
 * A route whose screen loads on first visit. Structurally a React Router route object (`path` and
 * a `lazy` function resolving `{ Component }`), so ui-kit needs no dependency on the router.
 */
export type LazyRoute = {
  path: string;
  lazy: () => Promise<{ Component: ComponentType }>;
};

/** A module whose default export is the screen. */
export type DefaultScreenModule = { default: ComponentType };

/**
 * A lazy route: `lazyRoute('login', () => import('./login-page'))` shows the module's default
 * export. The path may be written as links write it (`LOGIN_PATH`, `'/login'`): the leading slash
 * is dropped, so one constant serves the route and its links. With `pick`, the screen is taken from the loaded module instead: a named export
 * (`(module) => module.LaunchPage`) or a component that passes props
 * (`(module) => () => <module.ScheduleMeetingScreen mode="new" />`).
 */
export function lazyRoute(path: string, load: () => Promise<DefaultScreenModule>): LazyRoute;
export function lazyRoute<Module>(
  path: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyRoute;
export function lazyRoute<Module>(
  path: string,
  load: () => Promise<Module>,
  pick?: (module: Module) => ComponentType,
): LazyRoute {
  const choose = pick ?? ((module: Module) => (module as DefaultScreenModule).default);
  return { path: path.replace(/^\//, ''), lazy: async () => ({ Component: choose(await load()) }) };
}
