import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import direction (bulletproof-react): shared (components, lib, config) -> features -> app.
const noAppImports = {
  group: ['@/app', '@/app/*', '../app/*', '../../app/*', '../../../app/*'],
  message: 'Features and shared code must not import from src/app.',
};
const noFeatureImports = {
  group: ['@/features/*', '../features/*', '../../features/*', '../../../features/*'],
  message: 'Shared code (components, lib, config) must not import from features.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-warning-comments': ['error', { terms: ['todo', 'fixme', 'xxx'], location: 'anywhere' }],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports, noFeatureImports] }] },
  },
  {
    // The public pages (give.html) load no admin code (ARCHITECTURE §8): scripts/check-public-bundle.mjs
    // proves it on the build; this says so at the import.
    files: ['src/public/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/app',
                '@/app/*',
                '@/features/*',
                '@/locales/*',
                '@/lib/api-client',
                '@/lib/i18n',
                '@/lib/auth-store',
                '@/components/Button',
                'aws-amplify',
                'aws-amplify/*',
                'react-router',
                '@tanstack/*',
                '@puckeditor/*',
              ],
              message:
                'Public pages load no admin code (ARCHITECTURE §8) and no editor code (issue 17); Button comes from @/components/button-core.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports] }] },
  },
);
