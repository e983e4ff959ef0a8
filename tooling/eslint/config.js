// One flat config for the whole workspace. Besides the usual TypeScript and React rules it
// enforces the package boundaries of ARCHITECTURE.md section 2.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import noCrossPackageRelative from './rules/no-cross-package-relative.js';
import serverFloors from './rules/server-floors.js';

// The monorepo root: tsconfig paths in parserOptions resolve from here.
const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

const features = ['tenants', 'meetings', 'billing', 'apps-integrations'];
const deepImport = {
  group: ['@portal/*/src', '@portal/*/src/**', '@portal/*/dist', '@portal/*/dist/**'],
  message: 'No deep imports: use the package name and its exports map.',
};

// Mantine controls ui-kit wraps so that assistive technology can name their buttons, in the
// reader's language: everywhere but ui-kit itself, the wrapper is the one to use.
const wrappedMantine = {
  name: '@mantine/core',
  importNames: ['Modal', 'PasswordInput', 'TagsInput'],
  message: "Use ui-kit's Dialog, PasswordField or TagsField: their buttons have translated accessible names.",
};

function featureBoundary(feature) {
  return {
    files: [`packages/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [wrappedMantine],
          patterns: [
            deepImport,
            {
              group: features.filter((f) => f !== feature).map((f) => `@portal/${f}`),
              message: 'A feature never imports another feature; apps/portal composes them.',
            },
          ],
        },
      ],
    },
  };
}

// The shared packages sit below the features: they must never reach up into one.
const sharedPackages = ['contract', 'api-client', 'ui-kit', 'auth', 'forms', 'i18n'];
// Among them, the form helpers sit below the session: auth builds on forms, never the reverse.
const sharedAbove = { forms: ['auth'] };
const sharedBoundary = (name) => ({
  files: [`packages/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        ...(name === 'ui-kit' ? {} : { paths: [wrappedMantine] }),
        patterns: [
          deepImport,
          { group: features.map((f) => `@portal/${f}`), message: 'Shared packages never import a feature; features build on them.' },
          ...(sharedAbove[name] ?? []).map((above) => ({ group: [`@portal/${above}`, `@portal/${above}/*`], message: `@portal/${above} builds on @portal/${name}, not the other way round.` })),
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/storybook-static/**', '**/node_modules/**', '**/.turbo/**', '**/*.gen.ts', '.tools/**', 'data/**', '**/coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { portal: { rules: { 'no-cross-package-relative': noCrossPackageRelative, 'server-floors': serverFloors } } },
    rules: {
      'portal/no-cross-package-relative': 'error',
      'no-restricted-imports': ['error', { paths: [wrappedMantine], patterns: [deepImport] }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' }],
    },
  },
  {
    // Type-aware rules: each file is checked with its own tsconfig.json (the project service).
    files: ['packages/**/*.{ts,tsx}', 'apps/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: workspaceRoot } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // A React event handler may be async: the attribute's void return is what React expects.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Storybook's own configuration is outside every tsconfig (tsc skips the dot folder): no type information there.
    files: ['**/.storybook/**/*.{ts,tsx}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests, stories, fakes and benchmarks held 775 non-null assertions when the rule came in
    // (issue 17); there a wrong `!` fails the test at once, so the rule guards product code only.
    files: ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}', '**/*.fixtures.{ts,tsx}', '**/testing/**', 'apps/server/test/**', 'apps/server/bench/**', 'apps/portal/e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['packages/**/*.{ts,tsx}', 'apps/portal/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The server never imports front-end packages: it shares only the contract with them
    // (openapi/portal.yaml and its generated types, @portal/contract).
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [deepImport, { group: ['@portal/*', '!@portal/contract'], message: 'The server only shares the contract (@portal/contract) with the front end.' }] },
      ],
    },
  },
  {
    // The server's floors: the kernel imports no domain, domains meet only through their doors,
    // nothing imports the roof (rules/server-floors.js).
    files: ['apps/server/src/**/*.ts'],
    rules: { 'portal/server-floors': 'error' },
  },
  ...features.map(featureBoundary),
  ...sharedPackages.map(sharedBoundary),
);
