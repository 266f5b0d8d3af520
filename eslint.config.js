// One lint + format setup for the whole repository: the AdonisJS rules (with
// prettier) for server TypeScript, and the same plus React hooks rules for the
// browser code in shell/, remotes/ and packages/.
import { configApp } from '@adonisjs/eslint-config'
import reactHooks from 'eslint-plugin-react-hooks'

export default configApp(
  {
    ignores: ['public/**', 'build/**', '**/dist/**', '**/storybook-static/**', '.data/**', 'tmp/**'],
  },
  {
    rules: {
      '@stylistic/max-len': 'off',
      '@unicorn/filename-case': 'off',
      // (await x).y reads fine in tests and small helpers
      '@unicorn/no-await-expression-member': 'off',
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  }
)
