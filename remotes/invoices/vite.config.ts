/** The invoices remote: open invoices (/financeiro-aberto). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('invoices', fileURLToPath(new URL('.', import.meta.url))))
