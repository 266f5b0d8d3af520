/** The schedules remote: the calendar of scheduled messages and the schedule dialog. */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('schedules', fileURLToPath(new URL('.', import.meta.url))))
