import { Stack } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { CopyBlock } from './copy-block';
import { CopyField } from './copy-field';

const signInInfo = ['Portal: https://acme.portal.localhost/portal/login', 'Email: new.user@acme.example', 'Password: Xk4-Rw9p2Q'].join('\n');

const meta = {
  title: 'ui-kit/Dialogs/CopyField',
  tags: ['autodocs'],
  component: CopyField,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Stack maw={480}>
          <Story />
        </Stack>
      </UiTestProviders>
    ),
  ],
  args: { label: 'Meeting link', value: 'https://acme.portal.localhost/j/4815162342', onCopy: fn() },
} satisfies Meta<typeof CopyField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Field: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Meeting link' })).toHaveAttribute('readonly');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Meeting link' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copied' })).toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
    await expect(args.onCopy).toHaveBeenCalledWith(args.value);
  },
};

export const SignInInformation: Story = {
  render: (args) => <CopyBlock label="Sign-in information" value={signInInfo} onCopy={args.onCopy} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Sign-in information' })).toHaveTextContent('Password: Xk4-Rw9p2Q');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Sign-in information' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copied' })).toBeInTheDocument());
    await expect(args.onCopy).toHaveBeenCalledWith(signInInfo);
  },
};
