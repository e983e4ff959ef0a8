// Library build of the publishable ui-kit: ESM only, dependencies kept external, Lingui macros
// compiled so consumers need no Babel setup. Declarations come from tsconfig.build.json.
// Two entries: the components (`.`) and the test helpers (`./testing`), which need the
// optional Testing Library peers and so must not be pulled in by the main entry.
import { defineConfig } from 'vite';
import { portalPlugins, portalResolve } from '@portal/tooling/vite';
import pkg from './package.json' with { type: 'json' };

const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];

export default defineConfig({
  // Messages keep their English text: an app without the portal's catalogs shows words, not ids.
  plugins: portalPlugins({ keepMessages: true }),
  resolve: portalResolve(),
  build: {
    lib: { entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' }, formats: ['es'] },
    rollupOptions: { external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)) || id.startsWith('react/') },
    sourcemap: true,
    emptyOutDir: true,
  },
});
