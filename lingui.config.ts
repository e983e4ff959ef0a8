import { defineConfig } from '@lingui/conf';

// One catalog per language for the whole portal: every package's messages are extracted into
// packages/i18n so translators work on a single file per language.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'ar', 'uz'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/packages/i18n/src/locales/{locale}/messages',
      // Globs must name files: a directory pattern such as packages/*/src matches no source file.
      include: ['<rootDir>/packages/*/src/**/*.{ts,tsx}', '<rootDir>/apps/portal/src/**/*.{ts,tsx}'],
      exclude: ['**/node_modules/**', '**/*.d.ts', '**/*.test.*', '**/*.stories.*'],
    },
  ],
});
