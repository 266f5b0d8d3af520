/** The audit remote: the audit log page (filters, table, xlsx export). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('audit', fileURLToPath(new URL('.', import.meta.url))))
