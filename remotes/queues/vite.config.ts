/** The queues remote: queues, their service hours and chatbot option trees (/queues). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('queues', fileURLToPath(new URL('.', import.meta.url))))
