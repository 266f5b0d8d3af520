/**
 * One federation setup for the shell and every remote: the same shared
 * singletons everywhere, so a remote renders with the shell's React, router,
 * jotai store, Fluent theme, i18next instance, API client and realtime client.
 */
import { fileURLToPath } from 'node:url'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export const KIT_VERSION = '0.1.0'

export const shared: Record<string, { singleton: boolean; requiredVersion: string; version?: string }> = {
  'react': { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.3.0' },
  'react-router': { singleton: true, requiredVersion: '^8.5.0' },
  'jotai': { singleton: true, requiredVersion: '^3.0.0' },
  '@fluentui/react-components': { singleton: true, requiredVersion: '^9.74.0' },
  'i18next': { singleton: true, requiredVersion: '^27.0.0' },
  'react-i18next': { singleton: true, requiredVersion: '^18.0.0' },
  // The kit's core (API and realtime clients, session atoms, toast bus) is one
  // module for the whole page. It is a local package (no node_modules link),
  // resolved by kitResolver below. The kit's components are not shared: each
  // bundle carries the few it uses, styled by the shared Fluent.
  '@balcao/ui/core': { singleton: true, version: KIT_VERSION, requiredVersion: '^0.1.0' },
}

/**
 * The shell host shares only what the login page needs. Fluent UI comes with
 * the signed-in layout (itself a remote, see
 * shell/app.vite.config.ts): a federation host loads every share it provides
 * before its first render, so providing Fluent from the host would put the whole
 * component library on the login page.
 */
export const hostShared = Object.fromEntries(
  Object.entries(shared).filter(([name]) => name !== '@fluentui/react-components')
)

const kitEntries: Record<string, string> = {
  '@balcao/ui/core': here('./src/core.ts'),
  '@balcao/ui': here('./src/index.ts'),
}

/**
 * Resolves the kit's bare names to its sources. A plugin rather than
 * resolve.alias: federation treats aliased shared names as bypassing the share
 * scope, while a resolver lets its loadShare wrapper stay in front.
 */
export function kitResolver() {
  return {
    name: 'balcao-kit-resolver',
    enforce: 'pre' as const,
    resolveId(source: string) {
      return kitEntries[source] ?? null
    },
  }
}

/**
 * The Vite config of a module remote: remotes/<name>/src/App.tsx exposed as
 * './App', built into public/remotes/<name>/ (served at /remotes/<name>/).
 */
export async function remoteConfig(name: string, dir: string) {
  const [{ default: react }, { federation }] = await Promise.all([
    import('@vitejs/plugin-react'),
    import('@module-federation/vite'),
  ])
  return {
    root: dir,
    base: `/remotes/${name}/`,
    plugins: [
      kitResolver(),
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes: { './App': './src/App.tsx' },
        shared,
        dts: false,
      }),
    ],
    build: {
      target: 'esnext',
      outDir: here(`../../public/remotes/${name}`),
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
    },
  }
}
