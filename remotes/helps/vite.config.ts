/** The helps remote: the grid of help videos (/helps). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('helps', fileURLToPath(new URL('.', import.meta.url))))
