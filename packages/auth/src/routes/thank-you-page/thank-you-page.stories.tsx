import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AuthTestFrame, fakeTenantInfo, installFakeApi, json, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';
import { SIGNUP_EMAIL_KEY } from '../signup-paths';
import ThankYouPage from './thank-you-page';

function withApi(routes: FakeRoutes, registered: string | null, brandUrl: string | null = null) {
  return () => {
    window.sessionStorage.clear();
    if (registered) window.sessionStorage.setItem(SIGNUP_EMAIL_KEY, registered);
    installFakeApi({ getTenantInfo: json(fakeTenantInfo({ brandUrl })), ...routes });
  };
}

const meta = {
  title: 'Auth/ThankYouPage',
  component: ThankYouPage,
  decorators: [
    (Story) => (
      <AuthTestFrame path="/thank-you">
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ThankYouPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** After registering: the address, resend with the spec's success text, and the way to the site. */
export const AfterRegistering: Story = {
  beforeEach: withApi({ resendSignupMail: { status: 202 } }, 'nora@newco.test', 'https://acme.example'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Thank you for registering!' })).toBeVisible();
    await expect(canvas.getByText('nora@newco.test')).toBeVisible();
    await expect(canvas.getByText(/CREATE PASSWORD/)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Go to site' })).toHaveAttribute('href', 'https://acme.example'));
    await userEvent.click(canvas.getByRole('button', { name: 'Resend email' }));
    await expect(await within(document.body).findByText('Mail has been sent successfully')).toBeVisible();
  },
};

/** A failed resend says the spec's 'Failed, try again..!'. */
export const ResendFails: Story = {
  beforeEach: withApi({ resendSignupMail: problem(500, 'internal') }, 'nora@newco.test'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Resend email' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed, try again..!');
  },
};

/** Reached from an expired link without a registration in this tab: asks where to send the mail. */
export const AsksForTheAddress: Story = {
  beforeEach: withApi({ resendSignupMail: { status: 202 } }, null),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Resend email' }));
    await expect(await canvas.findByText('Please enter a valid email')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Email'), 'nora@newco.test');
    await userEvent.click(canvas.getByRole('button', { name: 'Resend email' }));
    await expect(await within(document.body).findByText('Mail has been sent successfully')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to site' })).toHaveAttribute('href', '/login');
  },
};
