/** The campaigns remote: campaigns, their report, campaign settings, contact lists and their items. */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('campaigns', fileURLToPath(new URL('.', import.meta.url))))
