import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AuthTestFrame, fakeCurrentUser, installFakeApi, json } from '@portal/auth/testing';
import { itRendersInEveryLanguage } from '@portal/ui-kit/testing';
import { GoogleAddonScreen } from './google-addon-screen';
import * as stories from './google-addon-screen.stories';

const { English, Failed, French, Arabic, Uzbek } = composeStories(stories);

describe('GoogleAddonScreen', () => {
  it('authorises the add-on once with the state and goes back to Gmail', async () => {
    const fake = installFakeApi({ 'GET /me': json(fakeCurrentUser()), 'PUT /users/addon-user': json({ authorized: true, redirectUrl: 'https://script.google.test/cb?state=g-1' }) });
    const went: string[] = [];
    render(
      <AuthTestFrame path="/google-addon">
        <GoogleAddonScreen state="g-1" goTo={(url) => went.push(url)} />
      </AuthTestFrame>,
    );
    expect(await screen.findByText('Google add-on is authorized')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Take me to Gmail' }));
    expect(went).toEqual(['https://script.google.test/cb?state=g-1']);
    expect(fake.calls.filter((call) => call === 'PUT /users/addon-user')).toHaveLength(1);
  });

  it("fails without a state, calling nothing", async () => {
    const fake = installFakeApi({ 'GET /me': json(fakeCurrentUser()) });
    render(
      <AuthTestFrame path="/google-addon">
        <GoogleAddonScreen state={null} />
      </AuthTestFrame>,
    );
    expect(await screen.findByText('Authorization Failed..!!')).toBeVisible();
    expect(fake.calls).not.toContain('PUT /users/addon-user');
  });

  it('shows the failure when the server refuses', async () => {
    render(<Failed />);
    expect(await screen.findByText('Authorization Failed..!!')).toBeVisible();
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
