import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// The web app's layers (decision 025), as bulletproof-react holds them: shared code (components, lib, api) →
// features → app. A feature never imports another feature; the route pages in app/ compose them.
const web = './apps/web/src';
const features = readdirSync(`${web}/features`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const webLayers = [
  ...features.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: 'A feature does not import another feature: move what both need to components/, lib/ or api/, or compose them in app/routes.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app: the app composes features.' },
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/api`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (components, lib, api) imports neither features nor the app.',
  },
];

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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads the imported modules: they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { zones: webLayers }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The service worker (decision 038) runs in its own global scope, not a page's.
    files: ['apps/web/sw/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
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
