/** The kanban remote: the kanban tags screen (/TagsKanban) and the board (/Kanban). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('kanban', fileURLToPath(new URL('.', import.meta.url))))
