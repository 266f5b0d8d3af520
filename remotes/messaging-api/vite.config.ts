/** The messaging API remote: the /messages-api page (documentation, test forms, usage, webhooks). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('messaging-api', fileURLToPath(new URL('.', import.meta.url))))
