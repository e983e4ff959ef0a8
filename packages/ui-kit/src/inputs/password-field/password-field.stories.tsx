import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { PasswordField } from './password-field';

const meta = {
  title: 'ui-kit/Inputs/PasswordField',
  tags: ['autodocs'],
  component: PasswordField,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: { label: 'Password', defaultValue: 'Secret123' },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The show/hide button has a name and reveals the password. */
export const ShowsThePassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Toggle password visibility' }));
    await expect(input).toHaveAttribute('type', 'text');
  },
};
