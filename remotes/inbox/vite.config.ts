/** The inbox remote: tickets workspace and chat, contacts, tags, quick messages. */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('inbox', fileURLToPath(new URL('.', import.meta.url))))
