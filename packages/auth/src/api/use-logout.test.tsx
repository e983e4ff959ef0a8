import { Button } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@portal/i18n';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS, useSessionStore } from '../stores/session-store';
import { AuthTestFrame, createTestQueryClient, fakeCurrentUser, fakeTenantInfo, installFakeApi, noContent, problem } from '../testing';
import { authKeys } from './auth-keys';
import { useLogout } from './use-logout';

function LogoutButton() {
  const logout = useLogout();
  return <Button onClick={() => logout.mutate()}>Logout</Button>;
}

function seedSignedInStorage() {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.email, 'ada@acme.test');
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.loginStatus, 'loggedIn');
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.provider, 'normalLogin');
  window.localStorage.setItem('portal-layout', '{"layout":"vertical"}');
  window.sessionStorage.setItem(SESSION_STORAGE_KEYS.slack, 'enabled');
  window.sessionStorage.setItem(SESSION_STORAGE_KEYS.userInfo, '{"email":"ada@acme.test"}');
  useSessionStore.getState().hydrate();
}

async function logOut(logoutReply = noContent()) {
  const fakeFetch = installFakeApi({ logoutUser: logoutReply });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(authKeys.currentUser(), fakeCurrentUser());
  queryClient.setQueryData(['users', 'list', {}], { items: [], nextCursor: null });
  queryClient.setQueryData(authKeys.tenantInfo(), fakeTenantInfo());
  render(
    <AuthTestFrame path="/user" queryClient={queryClient}>
      <LogoutButton />
    </AuthTestFrame>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  return { fakeFetch, queryClient };
}

describe('useLogout', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    seedSignedInStorage();
  });

  it('clears local and session storage but keeps the language', async () => {
    await logOut();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(window.localStorage.length).toBe(1);
    expect(window.sessionStorage.length).toBe(0);
    expect(useSessionStore.getState()).toMatchObject({ loginStatus: null, email: null, userInfo: null, flags: { slack: false } });
  });

  it('ends the server session and forgets the cached user data, keeping the tenant branding', async () => {
    const { fakeFetch, queryClient } = await logOut();
    expect(fakeFetch.calls).toEqual(['logoutUser']);
    await waitFor(() => expect(queryClient.getQueryData(['users', 'list', {}])).toBeUndefined());
    expect(queryClient.getQueryData(authKeys.currentUser())).toBeNull();
    expect(queryClient.getQueryData(authKeys.tenantInfo())).toMatchObject({ sname: 'acme' });
  });

  it('still signs out locally when the server session had already expired', async () => {
    await logOut(problem(401, 'unauthenticated'));
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBeNull();
  });
});
