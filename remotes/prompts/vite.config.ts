/** The prompts remote: the AI prompts page (/prompts). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('prompts', fileURLToPath(new URL('.', import.meta.url))))
