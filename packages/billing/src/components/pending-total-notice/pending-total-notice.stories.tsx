import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { formatMoney, type Language } from '@portal/i18n';
import { languageLoader, withAdminProviders } from '../../testing';
import { PendingTotalNotice } from './pending-total-notice';

const meta = {
  title: 'Billing/PendingTotalNotice',
  component: PendingTotalNotice,
  decorators: [withAdminProviders],
  args: { total: 4_500, previousTotal: 1_500, currency: 'USD' },
} satisfies Meta<typeof PendingTotalNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The line the upgrade adds when the choice is no higher than the pending plan. */
const notHigher = (
  <Text size="sm">
    <Trans>Choose a higher plan, more licences or more bundles.</Trans>
  </Text>
);

const noticeOf = async (canvasElement: HTMLElement) => within(canvasElement).findByRole('status');

/**
 * The notice in `language`: its title, the voided-invoice sentence and both totals as formatted in
 * that language (their spaces read as plain ones, as the text matchers do).
 */
const expectTranslated = async (canvasElement: HTMLElement, language: Language, title: string, voided: string) => {
  const notice = await noticeOf(canvasElement);
  await expect(within(notice).getByText(title)).toBeInTheDocument();
  await expect(notice).toHaveTextContent(voided);
  for (const amount of [4_500, 1_500]) await expect(notice).toHaveTextContent(formatMoney(amount, 'USD', language).replace(/\s+/g, ' '));
  return notice;
};

/** The new total against the pending invoice's, which is voided; nothing more without children. */
export const English: Story = {
  play: async ({ canvasElement }) => {
    const notice = await noticeOf(canvasElement);
    await expect(within(notice).getByText('Before you confirm')).toBeInTheDocument();
    await expect(within(notice).getByText('New total: $45.00 instead of $15.00. The pending invoice is voided and a new one is issued.')).toBeInTheDocument();
    await expect(within(notice).queryByText('Choose a higher plan, more licences or more bundles.')).toBeNull();
  },
};

/** Children show inside the same notice, after the totals (the upgrade's "choose a higher plan"). */
export const WithChildren: Story = {
  args: { children: notHigher },
  play: async ({ canvasElement }) => {
    const notice = await noticeOf(canvasElement);
    await expect(within(notice).getByText('New total: $45.00 instead of $15.00. The pending invoice is voided and a new one is issued.')).toBeInTheDocument();
    await expect(within(notice).getByText('Choose a higher plan, more licences or more bundles.')).toBeInTheDocument();
  },
};

/** In French, with the amounts in French and the extra line translated. */
export const French: Story = {
  args: { children: notHigher },
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  play: async ({ canvasElement }) => {
    const notice = await noticeOf(canvasElement);
    await expect(within(notice).getByText('Avant de confirmer')).toBeInTheDocument();
    await expect(within(notice).getByText(/^Nouveau total\s:\s45,00\s\$US au lieu de 15,00\s\$US\. La facture en attente est annulée et une nouvelle est émise\.$/)).toBeInTheDocument();
    await expect(within(notice).getByText('Choisissez un forfait supérieur, plus de licences ou plus de forfaits groupés.')).toBeInTheDocument();
  },
};

/** In Arabic, right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const notice = await expectTranslated(canvasElement, 'ar', 'قبل التأكيد', 'تُلغى الفاتورة المعلقة وتصدر فاتورة جديدة.');
    await expect(notice.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

/** In Uzbek. */
export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expectTranslated(canvasElement, 'uz', 'Tasdiqlashdan oldin', 'Kutilayotgan hisob-faktura bekor qilinadi va yangisi chiqariladi.');
  },
};
