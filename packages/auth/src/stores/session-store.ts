import { create } from 'zustand';

/**
 * Storage keys of spec section 3. Session storage lives as long as the tab (who signed in, the
 * flags that decide where sign-in continues and what those flows arrived with); local storage
 * survives restarts.
 */
export const SESSION_STORAGE_KEYS = {
  userInfo: 'userInfo',
  slack: 'slack',
  googleAddOn: 'googleAddOn',
  billing: 'billing',
  slackRequest: 'slackRequest',
  googleAddOnRequest: 'googleAddOnRequest',
  selectedPlan: 'selectedPlan',
  subscriptionUuid: 'subscriptionUuid',
} as const;

export const LOCAL_STORAGE_KEYS = {
  email: 'email',
  provider: 'provider',
  loginStatus: 'loginStatus',
  tmpid: 'tmpid',
} as const;

/** The user as the login answer describes them, kept for the tab's lifetime. */
export type SessionUserInfo = {
  firstname: string;
  lastname: string;
  email: string;
  profilePicture: string | null;
};

/** Flags set while a signed-out visitor starts a flow that needs an account (spec section 4). */
export type SessionFlag = 'slack' | 'googleAddOn' | 'billing';
export type SessionFlags = Record<SessionFlag, boolean>;

/**
 * The query of a Slack consent request that arrived while signed out (spec section 2), under
 * Slack's own parameter names so it can be handed back unchanged after sign-in.
 */
export type SlackAuthorizationRequest = { state: string | null; client_id: string | null; response_type: string | null };
/** The query of a Google add-on request that arrived while signed out. */
export type GoogleAddOnRequest = { state: string | null };

export type LoginProvider = 'normalLogin' | 'google' | 'facebook';
export type LoginStatus = 'loggedIn';

type SessionData = {
  userInfo: SessionUserInfo | null;
  flags: SessionFlags;
  slackRequest: SlackAuthorizationRequest | null;
  googleAddOnRequest: GoogleAddOnRequest | null;
  /** Uuid of the plan a signed-out visitor chose to buy. */
  selectedPlan: string | null;
  /** Uuid of the subscription a signed-out visitor's purchase changes. */
  subscriptionUuid: string | null;
  email: string | null;
  provider: LoginProvider | null;
  loginStatus: LoginStatus | null;
  tmpid: string | null;
};

export type SessionState = SessionData & {
  setUserInfo: (userInfo: SessionUserInfo | null) => void;
  setFlag: (flag: SessionFlag, enabled: boolean) => void;
  setSlackRequest: (request: SlackAuthorizationRequest | null) => void;
  setGoogleAddOnRequest: (request: GoogleAddOnRequest | null) => void;
  setSelectedPlan: (planUuid: string | null) => void;
  setSubscriptionUuid: (subscriptionUuid: string | null) => void;
  setEmail: (email: string | null) => void;
  setTmpid: (tmpid: string | null) => void;
  /** Records a completed sign-in (login status `loggedIn` with its provider). */
  markLoggedIn: (provider: LoginProvider) => void;
  /**
   * A session that ended on the server (a 401): forgets who was signed in but keeps what the
   * next sign-in needs (email, temporary id, the flags and requests of a flow started while
   * signed out).
   */
  endSession: () => void;
  /** Forgets everything: every key of this store in both storages and in memory (logout). */
  reset: () => void;
  /** Re-reads both storages, e.g. after another tab changed them. */
  hydrate: () => void;
};

const FLAG_ENABLED = 'enabled';

type StorageArea = 'local' | 'session';

// Storage can be unavailable (privacy modes, blocked cookies): the session then lasts in memory only.
function area(which: StorageArea): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(which: StorageArea, key: string, value: string | null) {
  try {
    if (value === null) area(which)?.removeItem(key);
    else area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the in-memory state still holds the value for this visit.
  }
}

function readUserInfo(): SessionUserInfo | null {
  const raw = read('session', SESSION_STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUserInfo> | null;
    if (!value || typeof value.email !== 'string') return null;
    return {
      firstname: String(value.firstname ?? ''),
      lastname: String(value.lastname ?? ''),
      email: value.email,
      profilePicture: typeof value.profilePicture === 'string' ? value.profilePicture : null,
    };
  } catch {
    return null;
  }
}

// Only the named fields, and only strings: anything else in storage reads as absent.
function readRequest<Field extends string>(key: string, fields: readonly Field[]): Record<Field, string | null> | null {
  const raw = read('session', key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(fields.map((field) => [field, typeof record[field] === 'string' ? record[field] : null])) as Record<
      Field,
      string | null
    >;
  } catch {
    return null;
  }
}

const SLACK_REQUEST_FIELDS = ['state', 'client_id', 'response_type'] as const;
const GOOGLE_ADDON_REQUEST_FIELDS = ['state'] as const;

const PROVIDERS: readonly LoginProvider[] = ['normalLogin', 'google', 'facebook'];

function readStorage(): SessionData {
  const provider = read('local', LOCAL_STORAGE_KEYS.provider);
  return {
    userInfo: readUserInfo(),
    flags: {
      slack: read('session', SESSION_STORAGE_KEYS.slack) === FLAG_ENABLED,
      googleAddOn: read('session', SESSION_STORAGE_KEYS.googleAddOn) === FLAG_ENABLED,
      billing: read('session', SESSION_STORAGE_KEYS.billing) === FLAG_ENABLED,
    },
    slackRequest: readRequest(SESSION_STORAGE_KEYS.slackRequest, SLACK_REQUEST_FIELDS),
    googleAddOnRequest: readRequest(SESSION_STORAGE_KEYS.googleAddOnRequest, GOOGLE_ADDON_REQUEST_FIELDS),
    selectedPlan: read('session', SESSION_STORAGE_KEYS.selectedPlan),
    subscriptionUuid: read('session', SESSION_STORAGE_KEYS.subscriptionUuid),
    email: read('local', LOCAL_STORAGE_KEYS.email),
    provider: PROVIDERS.find((candidate) => candidate === provider) ?? null,
    loginStatus: read('local', LOCAL_STORAGE_KEYS.loginStatus) === 'loggedIn' ? 'loggedIn' : null,
    tmpid: read('local', LOCAL_STORAGE_KEYS.tmpid),
  };
}

const EMPTY: SessionData = {
  userInfo: null,
  flags: { slack: false, googleAddOn: false, billing: false },
  slackRequest: null,
  googleAddOnRequest: null,
  selectedPlan: null,
  subscriptionUuid: null,
  email: null,
  provider: null,
  loginStatus: null,
  tmpid: null,
};

/** Client-side session facts of spec section 3, mirrored to the storage keys above. */
export const useSessionStore = create<SessionState>()((set) => ({
  ...readStorage(),
  setUserInfo: (userInfo) => {
    write('session', SESSION_STORAGE_KEYS.userInfo, userInfo ? JSON.stringify(userInfo) : null);
    set({ userInfo });
  },
  setFlag: (flag, enabled) => {
    // Disabled flags are removed rather than stored, so a cleared storage means "all disabled".
    write('session', SESSION_STORAGE_KEYS[flag], enabled ? FLAG_ENABLED : null);
    set((state) => ({ flags: { ...state.flags, [flag]: enabled } }));
  },
  setSlackRequest: (slackRequest) => {
    write('session', SESSION_STORAGE_KEYS.slackRequest, slackRequest ? JSON.stringify(slackRequest) : null);
    set({ slackRequest });
  },
  setGoogleAddOnRequest: (googleAddOnRequest) => {
    write('session', SESSION_STORAGE_KEYS.googleAddOnRequest, googleAddOnRequest ? JSON.stringify(googleAddOnRequest) : null);
    set({ googleAddOnRequest });
  },
  setSelectedPlan: (selectedPlan) => {
    write('session', SESSION_STORAGE_KEYS.selectedPlan, selectedPlan);
    set({ selectedPlan });
  },
  setSubscriptionUuid: (subscriptionUuid) => {
    write('session', SESSION_STORAGE_KEYS.subscriptionUuid, subscriptionUuid);
    set({ subscriptionUuid });
  },
  setEmail: (email) => {
    write('local', LOCAL_STORAGE_KEYS.email, email);
    set({ email });
  },
  setTmpid: (tmpid) => {
    write('local', LOCAL_STORAGE_KEYS.tmpid, tmpid);
    set({ tmpid });
  },
  markLoggedIn: (provider) => {
    write('local', LOCAL_STORAGE_KEYS.loginStatus, 'loggedIn');
    write('local', LOCAL_STORAGE_KEYS.provider, provider);
    set({ loginStatus: 'loggedIn', provider });
  },
  endSession: () => {
    write('session', SESSION_STORAGE_KEYS.userInfo, null);
    write('local', LOCAL_STORAGE_KEYS.loginStatus, null);
    write('local', LOCAL_STORAGE_KEYS.provider, null);
    set({ userInfo: null, loginStatus: null, provider: null });
  },
  reset: () => {
    for (const key of Object.values(SESSION_STORAGE_KEYS)) write('session', key, null);
    for (const key of Object.values(LOCAL_STORAGE_KEYS)) write('local', key, null);
    set(EMPTY);
  },
  hydrate: () => set(readStorage()),
}));
