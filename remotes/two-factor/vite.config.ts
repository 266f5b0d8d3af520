/** The two-factor remote: the two-step verification page (enrolment, recovery codes, the company's rule). */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { remoteConfig } from '../../packages/ui/federation.ts'

export default defineConfig(remoteConfig('two-factor', fileURLToPath(new URL('.', import.meta.url))))
