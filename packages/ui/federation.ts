/**
 * One federation setup for the shell and every remote: the same shared
 * singletons everywhere, so a remote renders with the shell's React, router,
 * jotai store, Fluent theme, i18next instance, API client and realtime client.
 */
import { fileURLToPath } from 'node:url'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export const KIT_VERSION = '0.1.0'

export const shared = {
  'react': { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.3.0' },
  'react-router': { singleton: true, requiredVersion: '^8.5.0' },
  'jotai': { singleton: true, requiredVersion: '^3.0.0' },
  '@fluentui/react-components': { singleton: true, requiredVersion: '^9.74.0' },
  'i18next': { singleton: true, requiredVersion: '^27.0.0' },
  'react-i18next': { singleton: true, requiredVersion: '^18.0.0' },
  // the kit is a local package (no node_modules link), resolved by the aliases below
  '@balcao/ui/core': { singleton: true, version: KIT_VERSION, requiredVersion: '^0.1.0' },
  '@balcao/ui': { singleton: true, version: KIT_VERSION, requiredVersion: '^0.1.0' },
}

/** Vite aliases for the kit (longest first so the subpath wins). */
export const kitAliases = [
  { find: /^@balcao\/ui\/core$/, replacement: here('./src/core.ts') },
  { find: /^@balcao\/ui$/, replacement: here('./src/index.ts') },
]
