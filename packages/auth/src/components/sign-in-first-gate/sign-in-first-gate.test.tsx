import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { AuthTestFrame, fakeCurrentUser, fakeTenantInfo, installFakeApi, json, problem } from '../../testing';
import { SignInFirstGate } from './sign-in-first-gate';

function renderGate(signedIn: boolean, keepRequest = vi.fn()) {
  installFakeApi({
    getTenantInfo: json(fakeTenantInfo()),
    getCurrentUser: signedIn ? json(fakeCurrentUser()) : problem(401, 'unauthenticated'),
  });
  render(
    <AuthTestFrame path="/purchase-plan" initialEntry="/purchase-plan?plan=p-1">
      <SignInFirstGate flag="billing" keepRequest={keepRequest} />
    </AuthTestFrame>,
  );
  return keepRequest;
}

describe('SignInFirstGate', () => {
  beforeEach(() => useSessionStore.getState().reset());

  it('keeps a signed-out visit’s request, sets the flag and goes to login', async () => {
    const keepRequest = renderGate(false);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(keepRequest).toHaveBeenCalledOnce();
    expect(keepRequest.mock.calls[0]?.[0].get('plan')).toBe('p-1');
    expect(useSessionStore.getState().flags.billing).toBe(true);
  });

  it('clears the flag for a signed-in visitor and shows the missing page', async () => {
    useSessionStore.getState().setFlag('billing', true);
    const keepRequest = renderGate(true);
    expect(await screen.findByText('Oops. This page has gone missing.')).toBeVisible();
    expect(useSessionStore.getState().flags.billing).toBe(false);
    expect(keepRequest).not.toHaveBeenCalled();
  });
});
