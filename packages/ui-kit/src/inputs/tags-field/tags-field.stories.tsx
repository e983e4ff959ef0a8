import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { TagsField } from './tags-field';

function RedirectUris() {
  const [value, setValue] = useState(['https://app.example.com/callback', 'http://localhost:5173/callback']);
  return <TagsField label="Redirect URIs" dir="ltr" value={value} onChange={setValue} />;
}

const meta = {
  title: 'ui-kit/Inputs/TagsField',
  tags: ['autodocs'],
  component: RedirectUris,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
} satisfies Meta<typeof RedirectUris>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each tag's remove button is reachable by Tab, named after its tag, and removes it with Enter. */
export const RemovesByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const remove = await canvas.findByRole('button', { name: 'Remove http://localhost:5173/callback' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByText('http://localhost:5173/callback')).not.toBeInTheDocument();
    await expect(canvas.getByText('https://app.example.com/callback')).toBeInTheDocument();
  },
};
