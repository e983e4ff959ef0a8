import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { authKeys } from '@portal/auth';
import { createTestQueryClient, fakeCurrentUser, installFakeApi, json, problem } from '@portal/auth/testing';
import { useLayoutStore } from '@portal/ui-kit';
import { UiTestProviders } from '@portal/ui-kit/testing';
import { LOCAL_SETTINGS_STORAGE_KEY, SETTINGS_SAVE_DEBOUNCE_MS, settingsPersistence, useLayoutSettingsSync } from './use-layout-settings-sync';

const serverSettings = { layout: 'horizontal-1' as const, navbarFolded: true, colorScheme: 'dark' as const, shortcuts: ['user'] };

function renderSync(me: ReturnType<typeof json>) {
  const queryClient = createTestQueryClient();
  const fakeFetch = installFakeApi({
    getCurrentUser: me,
    updateUserSettings: async (request) => json(await request.json()),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <UiTestProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </UiTestProviders>
  );
  renderHook(() => useLayoutSettingsSync(), { wrapper });
  return { fakeFetch, queryClient };
}

beforeEach(() => {
  window.localStorage.clear();
  useLayoutStore.getState().resetLayout();
});

describe('settingsPersistence', () => {
  it('keeps guests and signed-out visitors local, everyone else on the server', () => {
    expect(settingsPersistence('guest')).toBe('local');
    expect(settingsPersistence(undefined)).toBe('local');
    expect(settingsPersistence('member')).toBe('server');
    expect(settingsPersistence('superadmin')).toBe('server');
  });
});

describe('useLayoutSettingsSync', () => {
  it('loads a user’s saved settings and saves their changes to the server, debounced', async () => {
    const { fakeFetch, queryClient } = renderSync(json(fakeCurrentUser({ role: 'admin', settings: { ...serverSettings, shortcuts: ['user'] } })));
    await waitFor(() => expect(useLayoutStore.getState().layout).toBe('horizontal-1'));
    expect(useLayoutStore.getState()).toMatchObject({ navbarFolded: true, colorScheme: 'dark', shortcuts: ['user'] });

    act(() => {
      useLayoutStore.getState().setLayout('vertical');
      useLayoutStore.getState().setColorScheme('light');
    });
    expect(fakeFetch.calls).not.toContain('updateUserSettings');
    await waitFor(() => expect(fakeFetch.calls.filter((call) => call === 'updateUserSettings')).toHaveLength(1), {
      timeout: SETTINGS_SAVE_DEBOUNCE_MS + 1000,
    });
    expect(fakeFetch.bodies[fakeFetch.calls.indexOf('updateUserSettings')]).toEqual({
      layout: 'vertical',
      navbarFolded: true,
      colorScheme: 'light',
      shortcuts: ['user'],
    });
    await waitFor(() => expect(queryClient.getQueryData<{ settings: unknown }>(authKeys.currentUser())?.settings).toMatchObject({ layout: 'vertical' }));
    expect(window.localStorage.getItem(LOCAL_SETTINGS_STORAGE_KEY)).toBeNull();
  });

  it('keeps a guest’s changes in local storage and never calls the server', async () => {
    window.localStorage.setItem(LOCAL_SETTINGS_STORAGE_KEY, JSON.stringify({ ...serverSettings, layout: 'horizontal-2' }));
    const { fakeFetch } = renderSync(json(fakeCurrentUser({ role: 'guest', roles: ['guest'], settings: { ...serverSettings, layout: 'vertical' } })));
    await waitFor(() => expect(useLayoutStore.getState().layout).toBe('horizontal-2'));

    act(() => useLayoutStore.getState().setColorScheme('auto'));
    expect(JSON.parse(window.localStorage.getItem(LOCAL_SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({ colorScheme: 'auto', layout: 'horizontal-2' });
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_SAVE_DEBOUNCE_MS + 200));
    expect(fakeFetch.calls).not.toContain('updateUserSettings');
  });

  it('treats a signed-out visitor like a guest', async () => {
    const { fakeFetch } = renderSync(problem(401, 'unauthenticated'));
    await waitFor(() => expect(useLayoutStore.getState().changeSource).toBe('hydrate'));
    act(() => useLayoutStore.getState().setNavbarFolded(true));
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(LOCAL_SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({ navbarFolded: true }));
    expect(fakeFetch.calls).not.toContain('updateUserSettings');
  });
});
