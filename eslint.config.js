import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false, fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // The web app runs in the browser; hooks must follow React's rules.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The read models are typed by their collection handles (libs/projections schema): a query or a projection
    // that spells a document type by hand could name the wrong one.
    files: ['apps/*/src/**/*.ts', 'libs/projections/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[typeArguments][callee.property.name=/^(get|find|put)$/] > MemberExpression.arguments[object.name="collections"]',
          message: 'Read models are typed by their collection handle: drop the type argument.',
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers; `any` there is the honest type.
    files: ['tests/**/*.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Nest resolves constructor parameters from emitted decorator metadata: those imports must stay values.
    files: ['apps/api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
