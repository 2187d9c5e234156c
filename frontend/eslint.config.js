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
    files: ['src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImports] }] },
  },
);
