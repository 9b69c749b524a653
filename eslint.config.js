import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...[
    'auth',
    'brand',
    'catalog',
    'cart',
    'machines',
    'services',
    'account',
    'offers',
    'chat',
    'events',
    'uploads',
    'service-requests',
    'table-settings',
    'staff',
    'catalog-import',
    'audit',
  ].map((feature) => ({
    // Features never import each other; routes in app/ compose them.
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '\\#app/features/*',
                `!\\#app/features/${feature}`,
                '\\#app/app/*',
                '../../features/*',
                '../../../features/*',
              ],
              message: 'Features do not import each other or app/; compose them in app/routes.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Shared layers sit below features: they never import features or app/.
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#app/features/*', '\\#app/app/*'],
              message: 'Shared code must not depend on features or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/cli/**', 'apps/server/src/server.ts', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
