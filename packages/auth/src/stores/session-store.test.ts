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

  it('keeps the requests of flows started while signed out in session storage', () => {
    const session = useSessionStore.getState();
    session.setSlackRequest({ state: 'st-1', client_id: 'slack-app', response_type: 'code' });
    session.setGoogleAddOnRequest({ state: 'g-1' });
    session.setSelectedPlan('3f2b8c1e-0000-4000-8000-0000000000p1');
    session.setSubscriptionUuid('3f2b8c1e-0000-4000-8000-0000000000s1');

    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slackRequest) ?? 'null')).toEqual({ state: 'st-1', client_id: 'slack-app', response_type: 'code' });
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOnRequest) ?? 'null')).toEqual({ state: 'g-1' });
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.selectedPlan)).toBe('3f2b8c1e-0000-4000-8000-0000000000p1');
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.subscriptionUuid)).toBe('3f2b8c1e-0000-4000-8000-0000000000s1');

    session.setSlackRequest(null);
    session.setSelectedPlan(null);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.slackRequest)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.selectedPlan)).toBeNull();
  });

  it('reads stored requests back, keeping only their string fields', () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.slackRequest, JSON.stringify({ state: 'st-1', client_id: 42, response_type: 'code', scope: 'admin' }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.googleAddOnRequest, '"state"');
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.subscriptionUuid, 'sub-1');
    useSessionStore.getState().hydrate();
    expect(useSessionStore.getState()).toMatchObject({
      slackRequest: { state: 'st-1', client_id: null, response_type: 'code' },
      googleAddOnRequest: null,
      selectedPlan: null,
      subscriptionUuid: 'sub-1',
    });
    expect(useSessionStore.getState().slackRequest).not.toHaveProperty('scope');
  });

  it('ends a lost session but keeps what the next sign-in needs', () => {
    const session = useSessionStore.getState();
    session.setGoogleAddOnRequest({ state: 'g-1' });
    session.setFlag('googleAddOn', true);
    session.setEmail('ada@acme.test');
    session.markLoggedIn('normalLogin');
    session.endSession();
    expect(useSessionStore.getState()).toMatchObject({
      loginStatus: null,
      provider: null,
      email: 'ada@acme.test',
      flags: { googleAddOn: true },
      googleAddOnRequest: { state: 'g-1' },
    });
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.loginStatus)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.googleAddOn)).toBe('enabled');
  });

  it('forgets everything on reset', () => {
    const session = useSessionStore.getState();
    session.setFlag('billing', true);
    session.setSelectedPlan('plan-1');
    session.setSlackRequest({ state: 'st-1', client_id: 'slack-app', response_type: 'code' });
    session.setEmail('ada@acme.test');
    session.reset();
    expect(useSessionStore.getState()).toMatchObject({ email: null, flags: { billing: false }, selectedPlan: null, slackRequest: null });
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  });
});
