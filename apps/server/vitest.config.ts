// Server tests run in Node against the real HTTP server and a fresh PGlite database per file.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file starts its own server and database; Argon2 and PGlite make the first requests slow.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
