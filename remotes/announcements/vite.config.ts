/** The announcements remote: the super user's announcements screen (/announcements). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('announcements', fileURLToPath(new URL('.', import.meta.url))))
