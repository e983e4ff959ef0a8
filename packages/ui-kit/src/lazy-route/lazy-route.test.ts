import { describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-route';

const Screen = () => null;
const Other = () => null;

describe('lazyRoute', () => {
  it('keeps the path and loads nothing until the route is visited', () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const route = lazyRoute('login', load);
    expect(route.path).toBe('login');
    expect(load).not.toHaveBeenCalled();
  });

  it('takes a path written as links write it, relative to the base', () => {
    expect(lazyRoute('/login', () => Promise.resolve({ default: Screen })).path).toBe('login');
  });

  it("resolves the module's default export as the route's Component", async () => {
    const route = lazyRoute('login', () => Promise.resolve({ default: Screen }));
    await expect(route.lazy()).resolves.toEqual({ Component: Screen });
  });

  it('takes the Component the pick chooses from the loaded module', async () => {
    const route = lazyRoute(
      'launch-page',
      () => Promise.resolve({ LaunchPage: Other, default: Screen }),
      (module) => module.LaunchPage,
    );
    await expect(route.lazy()).resolves.toEqual({ Component: Other });
  });
});
