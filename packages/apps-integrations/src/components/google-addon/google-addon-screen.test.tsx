import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AuthTestFrame } from '@portal/auth/testing';
import { itRendersInEveryLanguage } from '@portal/ui-kit/testing';
import { addonAuthorizationUrl, GoogleAddonScreen, resumeUrlOf } from './google-addon-screen';
import * as stories from './google-addon-screen.stories';

const { English, Declined, Failed, French, Arabic, Uzbek } = composeStories(stories);

describe('GoogleAddonScreen', () => {
  it("hands the add-on's request to the authorization server once: client google-addon, its state and S256 challenge", async () => {
    const went: string[] = [];
    render(
      <AuthTestFrame path="/google-addon">
        <GoogleAddonScreen request={{ state: 'g-1', codeChallenge: 'challenge-1' }} result={null} resumeUrl={null} goTo={(url) => went.push(url)} />
      </AuthTestFrame>,
    );
    expect(await screen.findByRole('status')).toBeVisible();
    expect(went).toHaveLength(1);
    const url = new URL(went[0]!, 'http://portal.test');
    expect(url.pathname).toBe('/oidc/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'google-addon',
      response_type: 'code',
      scope: 'openid profile meetings:write',
      state: 'g-1',
      code_challenge: 'challenge-1',
      code_challenge_method: 'S256',
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says the add-on is authorized after consent, and Take me to Gmail resumes the authorization', async () => {
    const went: string[] = [];
    render(<English goTo={(url: string) => went.push(url)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Take me to Gmail' }));
    expect(went).toEqual([`${window.location.origin}/oidc/auth/interaction-1`]);
  });

  it('says Authorization Failed..!! after Decline, and without a request', async () => {
    const { unmount } = render(<Declined />);
    expect(await screen.findByText('Authorization Failed..!!')).toBeVisible();
    unmount();
    render(<Failed />);
    expect(await screen.findByText('Authorization Failed..!!')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Take me to the portal' })).toBeVisible();
  });

  it('resumes only at the portal’s own authorization server', () => {
    const origin = 'https://acme.portal.test';
    expect(resumeUrlOf(`${origin}/oidc/auth/abc`, origin)).toBe(`${origin}/oidc/auth/abc`);
    expect(resumeUrlOf('https://evil.test/oidc/auth/abc', origin)).toBeNull();
    expect(resumeUrlOf(`${origin}/portal/landing-page`, origin)).toBeNull();
    expect(resumeUrlOf(null, origin)).toBeNull();
    expect(addonAuthorizationUrl({ state: 's', codeChallenge: 'c', scope: 'openid meetings:read' })).toContain('scope=openid+meetings%3Aread');
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
