/**
 * The shell: the federation host. Remotes are not listed here; the shell
 * registers them at run time from GET /modules. Output goes to the repo's
 * public/ (the server serves it); remotes were built before into public/remotes.
 * The signed-in half (app.vite.config.ts) is built right after, into public/app.
 */
import { readdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { federation } from '@module-federation/vite'
import { hostShared, kitResolver } from '../packages/ui/federation.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const outDir = fileURLToPath(new URL('../public', import.meta.url))

/** public/ also holds the remotes, so it is not emptied; only the shell's own files are. */
function cleanShellOutput(): Plugin {
  return {
    name: 'balcao-clean-shell-output',
    apply: 'build',
    buildStart() {
      rmSync(`${outDir}/assets`, { recursive: true, force: true })
      for (const f of readdirSync(outDir)) if (/^(remoteEntry|mf-).*\.js$/.test(f)) rmSync(`${outDir}/${f}`)
    },
  }
}

/** Builds the signed-in bundle once the host is written. */
function buildAppBundle(): Plugin {
  return {
    name: 'balcao-build-app-bundle',
    apply: 'build',
    async closeBundle() {
      await build({ configFile: fileURLToPath(new URL('./app.vite.config.ts', import.meta.url)) })
    },
  }
}

export default defineConfig({
  root,
  base: '/',
  plugins: [
    cleanShellOutput(),
    kitResolver(),
    react(),
    federation({ name: 'shell', remotes: {}, shared: hostShared, dts: false }),
    buildAppBundle(),
  ],
  build: {
    target: 'esnext',
    outDir,
    emptyOutDir: false,
    chunkSizeWarningLimit: 2000,
  },
})
