import { defineConfig } from 'vitest/config';
import { portalPlugins, portalResolve, portalTestConfig } from '@portal/tooling/vite';

// The preset is declared `as const`; Vitest's config wants mutable arrays.
const preset = portalTestConfig();

export default defineConfig({
  plugins: portalPlugins(),
  resolve: portalResolve(),
  test: { ...preset, include: [...preset.include], setupFiles: [...preset.setupFiles] },
});
