import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { fakeSettingsApiLoader, languageLoader, withAdminProviders } from '../../testing';
import { ConfigScreen } from './config-screen';
import { configScreens } from './config-screens';

const kafka = configScreens.find((screen) => screen.section === 'kafka') ?? configScreens[0];

const meta = {
  title: 'Tenants/Settings/ConfigScreen',
  component: ConfigScreen,
  decorators: [withAdminProviders],
  args: { screen: kafka as (typeof configScreens)[number] },
  loaders: [fakeSettingsApiLoader({ stored: { kafka: { brokers: 'kafka-1:9092', topic: 'meetings.events', saslUsername: 'portal', saslPassword: null } } })],
} satisfies Meta<typeof ConfigScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Kafka screen says, above its form, that the portal reads none of it (media events go through RabbitMQ). */
function kafkaSaysUnused(language: Language, texts: { title: string; notice: RegExp }): Story {
  return {
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await canvas.findByRole('form', { name: texts.title });
      await expect(canvas.getByRole('alert')).toHaveTextContent(texts.notice);
    },
  };
}

export const KafkaUnused = kafkaSaysUnused('en', { title: 'Kafka', notice: /kept but not used: the portal publishes no events to Kafka/ });
export const KafkaUnusedFrench = kafkaSaysUnused('fr', { title: 'Kafka', notice: /conservés mais pas utilisés/ });
export const KafkaUnusedArabic = kafkaSaysUnused('ar', { title: 'Kafka', notice: /محفوظة لكنها غير مستخدمة/ });
export const KafkaUnusedUzbek = kafkaSaysUnused('uz', { title: 'Kafka', notice: /saqlanadi, lekin ishlatilmaydi/ });
