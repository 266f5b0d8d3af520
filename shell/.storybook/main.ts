/**
 * Storybook for the ui kit (packages/ui) and the shell. Offline build:
 * node_modules/.bin/storybook build -c shell/.storybook -o storybook-static
 */
import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) } },
  },
  stories: [
    '../../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../src/**/*.stories.@(ts|tsx)',
    '../../remotes/*/src/**/*.stories.@(ts|tsx)',
  ],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
}

export default config
