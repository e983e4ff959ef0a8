import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '@mantine/core';
import { expect, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, withMeetingsProviders } from '../../testing';
import { EncryptedBadge, EncryptionProblem } from './e2ee-notices';

/** The indicator of an end-to-end encrypted meeting and the three reasons it cannot be joined or heard. */
function EncryptionNotices() {
  return (
    <Stack p="md" gap="md" maw={520}>
      <div>
        <EncryptedBadge />
      </div>
      <EncryptionProblem problem="missing-key" />
      <EncryptionProblem problem="unsupported" />
      <EncryptionProblem problem="undecryptable" />
    </Stack>
  );
}

const meta = {
  title: 'Meetings/EncryptionNotices',
  component: EncryptionNotices,
  decorators: [withMeetingsProviders],
} satisfies Meta<typeof EncryptionNotices>;

export default meta;
type Story = StoryObj<typeof meta>;

function translated(language: Language, texts: { badge: string; missingKey: string }): Story {
  return {
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByText(texts.badge)).toBeVisible();
      await expect(canvas.getByText(texts.missingKey)).toBeVisible();
      await expect(canvas.getAllByRole('alert')).toHaveLength(3);
    },
  };
}

export const English = translated('en', {
  badge: 'End-to-end encrypted',
  missingKey: 'This meeting is end-to-end encrypted. Open the full invitation link to join.',
});
export const French = translated('fr', {
  badge: 'Chiffré de bout en bout',
  missingKey: 'Cette réunion est chiffrée de bout en bout. Ouvrez le lien d’invitation complet pour la rejoindre.',
});
export const Arabic = translated('ar', {
  badge: 'مشفّر من طرف إلى طرف',
  missingKey: 'هذا الاجتماع مشفّر من طرف إلى طرف. افتح رابط الدعوة الكامل للانضمام.',
});
export const Uzbek = translated('uz', {
  badge: 'Uchidan-uchiga shifrlangan',
  missingKey: 'Bu uchrashuv uchidan-uchiga shifrlangan. Qo‘shilish uchun to‘liq taklif havolasini oching.',
});
