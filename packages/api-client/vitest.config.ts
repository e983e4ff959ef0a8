import { defineConfig } from 'vitest/config';

// Workspace packages are read from their TypeScript source (the `@portal/source` export condition),
// as in every other package's tests: a fresh clone has no built dist/ to resolve.
const conditions = ['@portal/source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: { environment: 'node', globals: true, include: ['src/**/*.test.ts'] },
});
