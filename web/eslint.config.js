import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// A feature folder (src/features/X) imports no other feature: what two features share lives in
// src/lib or src/components, and src/app composes features. A relative path that climbs out of
// X lands in src/features, so a file n folders deep in X may climb n folders, not n + 1.
const FEATURE_DEPTHS = [0, 1, 2, 3];
const featureBoundaries = FEATURE_DEPTHS.map((depth) => ({
  files: [`src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}[^.]|(^|/)features/`,
            message:
              'A feature does not import another feature: move what they share to src/lib or src/components.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: ['dist', 'playwright-report', 'test-results', 'src/api/schema.d.ts'],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, ...pluginQuery.configs['flat/recommended']],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // API data is typed by the generated schema; a double cast hides a contract that lies.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression',
          message: 'No double cast (`as unknown as T`): type the data where it is made.',
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['e2e/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
