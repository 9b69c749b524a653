import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders under `dir`: a new feature is under its boundary rule without editing this file. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersIn('./apps/web/src/features/');
const serverFeatures = foldersIn('./apps/server/src/features/');

/**
 * The only modules one server feature may take from another: business hand-overs, not shared infrastructure
 * (that lives below features/). Keep this list tiny; each entry says why (docs/architecture.md "Boundaries").
 */
const SERVER_FEATURE_HAND_OVERS = {
  // Password sign-in hands over to the second factor (holds the session until it is given).
  auth: ['mfa/factors.ts'],
  // Staff resend a customer's registration confirmation link: registration's own mail and token.
  customers: ['auth/registration.service.ts'],
  // A catalogue import drops the part search's caches of the catalogue it replaced.
  'catalog-import': ['catalog/part-search.ts'],
  // Notices to a user respect the user's notification switches (the settings screen's).
  'machine-import': ['user/notification-settings.ts'],
  // The F status e-mail carries the rating feature's link (docs/decisions/065), made in the status change's
  // transaction.
  'service-requests': ['user/notification-settings.ts', 'rating/rating-link.service.ts'],
  // A reply by e-mail is a chat message of its author (the chat's send and access rule); the e-mails respect the
  // notification switches.
  'chat-mail': ['chat/chat.service.ts', 'user/notification-settings.ts'],
  // The staff desk works on the customers' service requests: their details, unread counts and status changes.
  staff: ['service-requests/service-requests.service.ts', 'service-requests/status-change.service.ts'],
  // The intake files a customer's request through the customer's own path and closes duplicates through the one
  // status change path (docs/decisions/064).
  intake: ['service-requests/new-request.service.ts', 'service-requests/status-change.service.ts'],
  // The workshop's pictures and job sheet show a request's attachments (with the attachment's own access check)
  // and the staff's view of a request: they read them, never change them (docs/decisions/067).
  workshop: ['service-requests/attachments.service.ts', 'staff/staff-requests.service.ts'],
};

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Imports of another server feature (by #app/features/… or a relative path), except the feature's hand-overs. */
function serverFeatureImport(feature) {
  const allowed = [
    `${escapeRegex(feature)}/`,
    ...(SERVER_FEATURE_HAND_OVERS[feature] ?? []).map((path) => `${escapeRegex(path)}$`),
  ];
  const except = allowed.join('|');
  return `^(#app/features/(?!(${except}))|(\\.\\./)+(features/)?(${serverFeatures.map(escapeRegex).join('|')})/)`;
}

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
  ...webFeatures.map((feature) => ({
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
  ...serverFeatures.map((feature) => ({
    // Server features never import each other: shared code lives in the layers below (db/, plugins/, audit/,
    // security/, files/, mail/, events/, cache/, jobs/…). The few business hand-overs are listed, with the reason,
    // in SERVER_FEATURE_HAND_OVERS (docs/architecture.md "Boundaries").
    files: [`apps/server/src/features/${feature}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: serverFeatureImport(feature),
              message:
                'Server features do not import each other; move shared code to a layer below features/ (db/, audit/, security/…), see docs/architecture.md "Boundaries".',
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
