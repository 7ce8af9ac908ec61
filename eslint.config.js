// ESLint (flat config) for the project's JS: the recommended rules, with the globals of where each
// file runs. Formatting is Prettier's (.prettierrc.json); scripts/lint runs both.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'build/', 'node_modules/'] },
  js.configs.recommended,
  // `const { dropped, ...kept } = object` is how the code leaves keys out.
  { rules: { 'no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  { files: ['web/**/*.js'], languageOptions: { globals: globals.browser } },
  {
    files: ['web/build.mjs', 'scripts/**', 'bench/**', 'tests/**', '*.js'],
    languageOptions: { globals: globals.node },
  },
  // Browser tests run functions inside the page as well.
  { files: ['tests/browser/**', 'bench/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
