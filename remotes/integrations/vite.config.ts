/** The integrations remote: the queue integrations page (/integrations). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('integrations', fileURLToPath(new URL('.', import.meta.url))))
