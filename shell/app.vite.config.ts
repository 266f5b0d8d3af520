/**
 * The signed-in half of the shell (layout, menu, top bar, module pages) as a
 * federated bundle that provides Fluent UI and the kit's components to the
 * module remotes. Built by the shell's build (see vite.config.ts) into public/app/.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { federation } from '@module-federation/vite'
import { kitResolver, shared } from '../packages/ui/federation.ts'

export default defineConfig({
  root: fileURLToPath(new URL('./app-entry', import.meta.url)),
  base: '/app/',
  plugins: [
    kitResolver(),
    react(),
    federation({
      name: 'shell_app',
      filename: 'remoteEntry.js',
      exposes: { './Layout': fileURLToPath(new URL('./src/app/Layout.tsx', import.meta.url)) },
      shared,
      dts: false,
    }),
  ],
  build: {
    target: 'esnext',
    outDir: fileURLToPath(new URL('../public/app', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
})
