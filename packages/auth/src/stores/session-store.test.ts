import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS, useSessionStore } from './session-store';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('useSessionStore', () => {
  it('keeps user info and flags in session storage, the rest in local storage', () => {
    const session = useSessionStore.getState();
    session.setUserInfo({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@acme.test', profilePicture: null });
    session.setFlag('slack', true);
    session.setEmail('ada@acme.test');
    session.setTmpid('tmp-0123456789abcdef');
    session.markLoggedIn('normalLogin');

    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.userInfo) ?? 'null')).toMatchObject({ firstname: 'Ada' });
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slack)).toBe('enabled');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.email)).toBe('ada@acme.test');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.tmpid)).toBe('tmp-0123456789abcdef');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBe('loggedIn');
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.provider)).toBe('normalLogin');
  });

  it('reads what an earlier page load stored, ignoring unusable values', () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.googleAddOn, 'enabled');
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.billing, 'yes');
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.userInfo, '{not json');
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.provider, 'myspace');
    useSessionStore.getState().hydrate();
    expect(useSessionStore.getState()).toMatchObject({
      flags: { slack: false, googleAddOn: true, billing: false },
      userInfo: null,
      provider: null,
    });
  });

  it('ends a lost session but keeps what the next sign-in needs', () => {
    const session = useSessionStore.getState();
    session.setFlag('googleAddOn', true);
    session.setEmail('ada@acme.test');
    session.markLoggedIn('normalLogin');
    session.endSession();
    expect(useSessionStore.getState()).toMatchObject({ loginStatus: null, provider: null, email: 'ada@acme.test', flags: { googleAddOn: true } });
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOn)).toBe('enabled');
  });

  it('forgets everything on reset', () => {
    const session = useSessionStore.getState();
    session.setFlag('billing', true);
    session.setEmail('ada@acme.test');
    session.reset();
    expect(useSessionStore.getState()).toMatchObject({ email: null, flags: { billing: false } });
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  });
});
