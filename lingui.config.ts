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
      include: ['<rootDir>/packages/*/src', '<rootDir>/apps/portal/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/*.stories.*'],
    },
  ],
});
