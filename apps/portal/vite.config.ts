import { defineConfig } from 'vite';
import { portalPlugins, portalResolve } from '@portal/tooling/vite';

// Libraries every page needs are split from the app code so they stay cached across deployments;
// `$initial` keeps libraries that only lazy screens use inside those screens' chunks.
const initialVendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
  { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 2 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
].map((group) => ({ ...group, tags: ['$initial' as const] }));

// Workspace packages export pure modules (components, hooks, query options) but not all of them
// declare `sideEffects: false`; without it a screen imported by name through a package index
// would land in the first download even when only a lazy route uses it.
const workspaceSource = /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].*\.tsx?$/;

// The server picks the tenant from the Host header (acme.portal.localhost → acme), so the proxy
// keeps the browser's host instead of rewriting it to the target's.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  base: '/portal/',
  plugins: portalPlugins(),
  resolve: portalResolve(),
  server: { port: 5173, proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    // index.html loads nothing inline (strict CSP: script-src 'self').
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => (workspaceSource.test(id) ? false : undefined) },
      output: {
        codeSplitting: { groups: initialVendorGroups },
      },
    },
  },
});
