/** The internal chat remote: /chats and /chats/{uuid}. */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('chats', fileURLToPath(new URL('.', import.meta.url))))
