/** The files remote: the file lists page (/files). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('files', fileURLToPath(new URL('.', import.meta.url))))
