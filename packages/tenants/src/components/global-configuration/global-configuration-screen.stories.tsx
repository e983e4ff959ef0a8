import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Language } from '@portal/i18n';
import { languageLoader, withAdminProviders } from '../../testing';
import { GlobalConfigurationScreen } from './global-configuration-screen';

// The hub links to sibling routes of the portal: render it at its own path inside a router.
const withRouter: Decorator = (Story) => (
  <RouterProvider router={createMemoryRouter([{ path: '/portal/global-configuration', element: <Story /> }], { initialEntries: ['/portal/global-configuration'] })} />
);

const meta = {
  title: 'Tenants/Settings/GlobalConfigurationScreen',
  component: GlobalConfigurationScreen,
  decorators: [withRouter, withAdminProviders],
} satisfies Meta<typeof GlobalConfigurationScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One card per configuration screen, each linking to its route. */
export const Cards: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links: [string, string][] = [
      ['Kubernetes', '/portal/kubernetes-config'],
      ['System', '/portal/system-config'],
      ['FreeSwitch', '/portal/freeswitch-config'],
      ['Kafka', '/portal/kafka-config'],
      ['Meeting', '/portal/meetingconfig-config'],
      ['Email', '/portal/emailconfig-config'],
      ['Payment provider', '/portal/stripeconfig-config'],
      ['Transcoding', '/portal/transcoding-config'],
      ['Tenant', '/portal/tenantconfig-config'],
      ['Recording settings', '/portal/recording-settings'],
      ['Webhooks', '/portal/webhooks-config'],
    ];
    for (const [name, href] of links) {
      await expect(canvas.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
  },
};

function translated(language: Language, texts: { title: string; kubernetes: string }): Story {
  return {
    parameters: { language },
    loaders: [languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const heading = await canvas.findByRole('heading', { name: texts.title });
      await expect(canvas.getByText(texts.kubernetes)).toBeInTheDocument();
      await expect(heading.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Global configuration', kubernetes: 'Media nodes and the cluster that runs them' });
export const French = translated('fr', { title: 'Configuration globale', kubernetes: 'Nœuds média et le cluster qui les exécute' });
export const Arabic = translated('ar', { title: 'الإعدادات العامة', kubernetes: 'عُقد الوسائط والعنقود الذي يشغّلها' });
export const Uzbek = translated('uz', { title: 'Global sozlamalar', kubernetes: 'Media tugunlari va ularni ishga tushiradigan klaster' });
