import type { SessionFlag, SessionFlags } from '../stores/session-store';

export const LANDING_PATH = '/landing-page';
export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/auth/reset-password';

/**
 * The page where each flow a signed-out visitor started (its session flag) continues after
 * sign-in. The flows' pages belong to the features that own them; the portal passes them in
 * (`authRoutes`). A flow without a page here is not continued.
 */
export type SignInFlowPaths = Partial<Record<SessionFlag, string>>;

// Spec section 4: Slack consent before the Google add-on before the plan purchase.
const FLOW_ORDER: readonly SessionFlag[] = ['slack', 'googleAddOn', 'billing'];

const ORIGIN = 'https://portal.invalid';
const BASENAME = '/portal';
// Pages that would send the user straight back to a sign-in form.
const SIGN_IN_PATHS = new Set([LOGIN_PATH, RESET_PASSWORD_PATH]);

/**
 * A `redirect` query value made safe: only a path on this site (never an absolute or
 * protocol-relative URL, which would make the login page an open redirect), relative to the
 * router's `/portal` basename. Root and `/portal` mean the landing page; sign-in pages and
 * anything unusable give null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read a backslash as a slash (`/\evil.example`) and drop tabs and newlines.
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  let pathname = url.pathname;
  if (pathname === BASENAME || pathname.startsWith(`${BASENAME}/`)) pathname = pathname.slice(BASENAME.length);
  pathname = pathname.replace(/\/+$/, '');
  if (!pathname) return LANDING_PATH;
  // `/portal//evil.example` would leave `//evil.example`: protocol-relative for any caller that
  // hands the result to the browser directly rather than to the router.
  if (pathname.startsWith('//')) return null;
  if (SIGN_IN_PATHS.has(pathname.toLowerCase())) return null;
  return `${pathname}${url.search}${url.hash}`;
}

/**
 * Where a completed sign-in continues (spec section 4): a flow the visitor started while signed
 * out (Slack consent, Google add-on, plan purchase) comes first, at its page of `flowPaths`, then
 * the page they asked for, else the landing page.
 */
export function postLoginRedirect(flags: SessionFlags, flowPaths: SignInFlowPaths, redirectParam?: string | null): string {
  for (const flag of FLOW_ORDER) {
    const flowPath = flags[flag] ? flowPaths[flag] : undefined;
    if (flowPath) return flowPath;
  }
  return safeRedirectPath(redirectParam) ?? LANDING_PATH;
}

/** The login url that returns to `path` (router-relative path plus query) after sign-in. */
export function loginPathFor(path: string): string {
  const target = safeRedirectPath(path);
  if (!target || target === LANDING_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: target }).toString()}`;
}

/**
 * Where a signed-in user goes when their role does not open a route (spec section 2: "If access
 * is denied, the user goes to login. If the user has no role, the original path is passed as a
 * redirect target"): the login page, saying why, to sign in with an account that may.
 */
export function accessDeniedLoginPath(path: string, hasRole: boolean): string {
  const params = new URLSearchParams({ denied: '1' });
  const target = hasRole ? null : safeRedirectPath(path);
  if (target && target !== LANDING_PATH) params.set('redirect', target);
  return `${LOGIN_PATH}?${params.toString()}`;
}
