// Where the browser lands after an external sign-in. Only a path inside the portal is accepted,
// so the callback can never become an open redirect to another site.
export const landingPath = '/portal/landing-page';
export const loginPath = '/portal/login';

const base = 'http://portal.invalid';

/** Backslashes read as slashes to browsers; control characters could split a header. */
const hasUnsafeCharacter = (value: string) => [...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/portal') || hasUnsafeCharacter(value)) return landingPath;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return landingPath;
  }
  // Dot segments are resolved by URL, so `/portal/../api` is caught here.
  if (url.origin !== base || (url.pathname !== '/portal' && !url.pathname.startsWith('/portal/'))) return landingPath;
  if (url.pathname.startsWith('/portal//')) return landingPath;
  // The login page itself would only show the form again to a now signed-in user.
  if (url.pathname.replace(/\/+$/, '') === loginPath) return landingPath;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page showing why the external sign-in failed. */
export const loginErrorPath = (code: string) => `${loginPath}?error=${encodeURIComponent(code)}`;

/**
 * The login page's code step for an account with two-factor on. The temporary id travels in the
 * fragment, which browsers never send to a server, so it stays out of access logs and referrers.
 */
export const twoFactorLoginPath = (returnTo: string, tmpid: string) =>
  `${loginPath}?redirect=${encodeURIComponent(returnTo)}#two-factor=${encodeURIComponent(tmpid)}`;
