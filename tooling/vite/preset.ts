// Shared Vite plugins for every front-end package, so the portal build, Vitest and Storybook
// compile Lingui macros and .po catalogs the same way.
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import type { PluginOption, UserConfig } from 'vite';

// Workspace packages expose their TypeScript source under this export condition, so apps, tests
// and Storybook read the source directly and only published builds use dist/.
export const sourceCondition = '@portal/source';

export type PortalPluginOptions = {
  /**
   * Keep each message's source text next to its id in the built code (Lingui's
   * `descriptorFields: 'message'`). Published libraries need it: an app without the portal's
   * catalogs then shows the English source text instead of a hashed id.
   */
  keepMessages?: boolean;
};

export function portalPlugins(options: PortalPluginOptions = {}): PluginOption[] {
  const macro = options.keepMessages ? { descriptorFields: 'message' as const } : undefined;
  // Lingui's preset must run before the React plugin so <Trans> is compiled before JSX is.
  return [babel({ presets: [linguiTransformerBabelPreset(macro)] }), react(), lingui()];
}

export function portalResolve(): UserConfig['resolve'] {
  return { conditions: [sourceCondition, 'module', 'browser', 'development|production'] };
}

export function portalTestConfig() {
  return {
    environment: 'jsdom' as const,
    globals: true,
    setupFiles: [
      new URL('../vitest/setup-dom.ts', import.meta.url).pathname,
      // Fakes answer only what the contract allows.
      new URL('../vitest/contract-check.ts', import.meta.url).pathname,
    ],
    css: false,
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
  };
}
