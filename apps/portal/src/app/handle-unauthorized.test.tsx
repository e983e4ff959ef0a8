import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@portal/api-client';
import { authKeys, LOCAL_STORAGE_KEYS, useSessionStore } from '@portal/auth';
import { currentPath, renderPortal, signedInApi, signedOutApi } from '../testing/render-portal';
import { handleUnauthorized } from './handle-unauthorized';

const sessionEnded = new ApiError(401, { code: 'unauthenticated' });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.loginStatus, 'loggedIn');
  useSessionStore.getState().hydrate();
});

describe('handleUnauthorized', () => {
  it('sends a guarded screen to login with its path, forgetting the session', async () => {
    const { router, queryClient } = renderPortal('/user?from=mail', signedInApi());
    expect(await screen.findByText('There are no users!')).toBeVisible();
    handleUnauthorized(sessionEnded, router, queryClient);
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirect=%2Fuser%3Ffrom%3Dmail'));
    expect(queryClient.getQueryData(authKeys.currentUser())).toBeNull();
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBeNull();
  });

  it('leaves a public page where it is, now signed out', async () => {
    const { router, queryClient } = renderPortal('/landing-page', signedInApi());
    expect(await screen.findByRole('link', { name: 'View profile' })).toBeVisible();
    handleUnauthorized(sessionEnded, router, queryClient);
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Meetings' })).toBeVisible();
    expect(currentPath(router)).toBe('/landing-page');
  });

  it('keeps the flag of a flow started while signed out', async () => {
    useSessionStore.getState().setFlag('slack', true);
    const { router, queryClient } = renderPortal('/login', signedOutApi);
    await screen.findByRole('button', { name: 'Login' });
    handleUnauthorized(sessionEnded, router, queryClient);
    expect(useSessionStore.getState().flags.slack).toBe(true);
  });

  it('ignores wrong credentials on the login form', async () => {
    const { router, queryClient } = renderPortal('/login', signedOutApi);
    await screen.findByRole('button', { name: 'Login' });
    queryClient.setQueryData(authKeys.currentUser(), null);
    handleUnauthorized(new ApiError(401, { code: 'invalid_credentials' }), router, queryClient);
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBe('loggedIn');
    expect(currentPath(router)).toBe('/login');
  });
});
