import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { portalPlugins, portalResolve } from '@portal/tooling/vite';

// The one Storybook of the workspace: the portal's stories and every package's.
const config: StorybookConfig = {
  stories: ['./docs/*.mdx', '../src/**/*.stories.tsx', '../../../packages/*/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs'],
  framework: {
    name: '@storybook/react-vite',
    // Not the app's vite.config.ts: its base path, proxy and chunking are for the deployed portal.
    options: { builder: { viteConfigPath: '.storybook/vite.config.ts' } },
  },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { plugins: portalPlugins(), resolve: portalResolve() }),
};

export default config;
