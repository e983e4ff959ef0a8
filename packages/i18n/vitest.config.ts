import { defineConfig } from 'vitest/config';
import { portalPlugins, portalResolve, portalTestConfig } from '@portal/tooling/vite';

const testConfig = portalTestConfig();

export default defineConfig({
  plugins: portalPlugins(),
  resolve: portalResolve(),
  // The preset's `as const` makes its arrays readonly, which vitest's InlineConfig rejects.
  test: { ...testConfig, include: [...testConfig.include], setupFiles: [...testConfig.setupFiles] },
});
