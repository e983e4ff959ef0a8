import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent } from 'react';
import { authKeys, useCurrentUser } from '@portal/auth';
import type { CurrentUser } from '@portal/auth';
import { commonMessages } from '@portal/i18n';
import { notify, subscribeLayoutSettings, useLayoutStore } from '@portal/ui-kit';
import type { LayoutSettings } from '@portal/ui-kit';
import { saveUserSettings } from './save-user-settings';

/** Local-storage key of the layout settings of guests and signed-out visitors. */
export const LOCAL_SETTINGS_STORAGE_KEY = 'layoutSettings';
/** Changes made in a burst (dragging through options, toggling shortcuts) are saved once. */
export const SETTINGS_SAVE_DEBOUNCE_MS = 800;

export type SettingsPersistence = 'local' | 'server';

/**
 * Spec section 4: the guest role changes theme settings locally; other users persist them on
 * the server. Without a session there is nobody to save for on the server either.
 */
export function settingsPersistence(role: string | null | undefined): SettingsPersistence {
  return role && role !== 'guest' ? 'server' : 'local';
}

function readLocalSettings(): unknown {
  try {
    const raw = window.localStorage.getItem(LOCAL_SETTINGS_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeLocalSettings(settings: LayoutSettings) {
  try {
    window.localStorage.setItem(LOCAL_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Without storage the settings last for this visit.
  }
}

/**
 * Keeps the layout store in step with where the settings live: loads them when the signed-in
 * identity changes (from the user's `settings`, or local storage for guests), then saves every
 * change the user makes, debounced to the server or at once to local storage.
 */
export function useLayoutSettingsSync(): void {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const mode = settingsPersistence(user?.role);
  // Hydrate once per identity, not on every refetch of the same user.
  const identity = user === undefined ? null : user ? `${mode}:${user.id}` : 'anonymous';
  // A new identity starts from the defaults, so nobody inherits the previous user's layout.
  const hydrate = useEffectEvent(() => {
    const store = useLayoutStore.getState();
    store.resetLayout();
    store.hydrate(mode === 'server' && user ? user.settings : readLocalSettings());
  });

  useEffect(() => {
    if (identity !== null) hydrate();
  }, [identity]);

  useEffect(() => {
    if (identity === null) return;
    if (mode === 'local') return subscribeLayoutSettings(writeLocalSettings);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeLayoutSettings((settings) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        saveUserSettings(settings)
          .then((saved) =>
            queryClient.setQueryData<CurrentUser | null>(authKeys.currentUser(), (previous) =>
              previous ? { ...previous, settings: saved } : previous,
            ),
          )
          .catch(() => notify.error(i18n._(commonMessages.failedTryAgainShort)));
      }, SETTINGS_SAVE_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [identity, mode, queryClient, i18n]);
}
