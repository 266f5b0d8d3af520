/** The connections remote: /connections (company admins and users) and /allConnections (super user). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('connections', fileURLToPath(new URL('.', import.meta.url))))
