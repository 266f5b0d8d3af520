/** The admin remote: the core's screens (users, companies, settings, to-do list, invoices). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('admin', fileURLToPath(new URL('.', import.meta.url))))
