import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Features never import each other; routes compose them (bulletproof-react's unidirectional flow).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['auth', 'brand', 'catalog', 'cart', 'machines', 'services', 'account', 'offers'].map(
              (feature) => ({
                target: `./apps/web/src/features/${feature}`,
                from: './apps/web/src/features',
                except: [`./${feature}`],
              }),
            ),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
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
