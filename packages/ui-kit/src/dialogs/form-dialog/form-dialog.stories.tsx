import { TextInput } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { FormDialog } from './form-dialog';

const meta = {
  title: 'ui-kit/Dialogs/FormDialog',
  tags: ['autodocs'],
  component: FormDialog,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: {
    opened: true,
    title: 'Add user',
    submitLabel: 'Save',
    onSubmit: fn(),
    onClose: fn(),
    children: (
      <>
        <TextInput label="Email" name="email" data-autofocus />
        <TextInput label="First Name" name="firstName" />
      </>
    ),
  },
} satisfies Meta<typeof FormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AddUser: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Add user' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveFocus();
    await userEvent.type(email, 'new.user@acme.example{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);

    // Focus cycles inside the dialog.
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement);
    }

    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Saving: Story = {
  args: { loading: true },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), '{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
