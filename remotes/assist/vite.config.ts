/** The assist remote: the chat's AI menu (embedded by the inbox) and the admins' key and model. */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('assist', fileURLToPath(new URL('.', import.meta.url))))
