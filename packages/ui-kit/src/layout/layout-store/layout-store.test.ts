import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAYOUT_SETTINGS, parseLayoutSettings, selectLayoutSettings, subscribeLayoutSettings, useLayoutStore } from './layout-store';

const store = () => useLayoutStore.getState();

describe('useLayoutStore', () => {
  afterEach(() => store().resetLayout());

  it('hydrates valid saved settings and ignores invalid fields', () => {
    store().hydrate({ layout: 'horizontal-2', navbarFolded: true, colorScheme: 'purple', shortcuts: ['user', 'user', 7, 'roles'] });
    expect(selectLayoutSettings(store())).toEqual({ layout: 'horizontal-2', navbarFolded: true, colorScheme: 'light', shortcuts: ['user', 'roles'] });
    store().hydrate('not json');
    expect(store().layout).toBe('horizontal-2');
  });

  it('opens one panel at a time', () => {
    store().openPanel('settings');
    store().openPanel('quick');
    expect(store().panels).toEqual({ settings: false, colorScheme: false, quick: true, mobileNav: false });
    store().togglePanel('quick');
    expect(store().panels.quick).toBe(false);
  });

  it('adds and removes shortcuts in order', () => {
    store().toggleShortcut('user');
    store().toggleShortcut('roles');
    store().toggleShortcut('user');
    expect(store().shortcuts).toEqual(['roles']);
  });

  it('reports user changes to persistence, but not hydration or panels', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLayoutSettings(listener);
    store().hydrate({ layout: 'horizontal-1' });
    store().openPanel('settings');
    expect(listener).not.toHaveBeenCalled();
    store().setNavbarFolded(true);
    expect(listener).toHaveBeenCalledWith({ ...DEFAULT_LAYOUT_SETTINGS, layout: 'horizontal-1', navbarFolded: true });
    unsubscribe();
  });

  it('parses nothing from non-objects', () => {
    expect(parseLayoutSettings(null)).toEqual({});
    expect(parseLayoutSettings(['vertical'])).toEqual({});
  });
});
