import { defineConfig } from 'vitest/config';
import { portalPlugins, portalResolve, portalTestConfig } from '@portal/tooling/vite';

export default defineConfig({
  plugins: portalPlugins(),
  resolve: portalResolve(),
  test: portalTestConfig(),
});
