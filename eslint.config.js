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
  // Prettier keeps code within 120 columns but cannot break text: lines of prose and markup are
  // held to the same limit here, except single strings that a break would only split.
  {
    files: ['web/**/*.js'],
    rules: {
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: false }],
    },
  },
  {
    files: ['web/build.mjs', 'scripts/**', 'bench/**', 'tests/**', '*.js'],
    languageOptions: { globals: globals.node },
  },
  // Browser tests run functions inside the page as well.
  { files: ['tests/browser/**', 'bench/**'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
