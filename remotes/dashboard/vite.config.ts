/** The dashboard remote: the dashboard (/) and the attendance panel (/moments). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('dashboard', fileURLToPath(new URL('.', import.meta.url))))
