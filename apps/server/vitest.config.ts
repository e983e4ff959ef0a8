// Server tests run in Node against the real HTTP server and a fresh PGlite database per file.
import { defineConfig } from 'vitest/config';

// @portal/contract is read from its TypeScript source (the `@portal/source` export condition), as
// `node --conditions=@portal/source` runs the server: a fresh clone has no built dist/ to resolve.
const conditions = ['@portal/source', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file starts its own server and database; Argon2 and PGlite make the first requests slow.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time on CI's two cores, where Vitest's default is one (cores - 1): a file spends
    // much of its time waiting on its database and HTTP, and the run took 774 s against 1 273 s.
    // `npm test` runs this step alone for that reason (tooling/scripts/test-all.mjs).
    maxWorkers: 2,
  },
});
