import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@portal/ui-kit';
import { useCurrentUser } from '../../api/use-current-user';
import { useSessionStore, type SessionFlags } from '../../stores/session-store';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { LoadFailed, MissingRoutePage } from '../require-auth';

export type SignInFirstGateProps = {
  /** The flag that brings the visitor back here after sign-in (spec section 4). */
  flag: keyof SessionFlags;
  /** Keeps what the visit's query string asked for, in the session store, before sign-in. */
  keepRequest: (query: URLSearchParams) => void;
  /** The flow's screen once signed in (the missing page while the flow has none). */
  children?: ReactNode;
};

/**
 * Entry of a flow that needs an account but may start signed out (Slack consent, Google add-on,
 * plan purchase). A signed-out visitor's request is kept with the flow's flag and sign-in
 * follows; the login page comes back here afterwards. Signed in, the flag is cleared (otherwise
 * every later sign-in in this tab would return here) and the flow's screen shows, or the missing
 * page for a flow without one yet.
 */
export function SignInFirstGate({ flag, keepRequest, children }: SignInFirstGateProps) {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const user = useCurrentUser();
  const signedIn = user.data === undefined ? undefined : user.data !== null;
  // Callers pass an inline function; the effect must not rerun because of its identity.
  const keep = useRef(keepRequest);
  keep.current = keepRequest;

  useEffect(() => {
    if (signedIn === undefined) return;
    const session = useSessionStore.getState();
    if (signedIn) {
      session.setFlag(flag, false);
      return;
    }
    keep.current(query);
    session.setFlag(flag, true);
    void navigate(LOGIN_PATH, { replace: true });
  }, [signedIn, flag, query, navigate]);

  if (signedIn === undefined && user.isError) {
    return <LoadFailed error={user.error} onRetry={() => void user.refetch()} />;
  }
  if (!signedIn) return <PageLoader />;
  return children ?? <MissingRoutePage />;
}
