/**
 * The app's route table and every isolation case, shared by the suites that
 * walk all routes (the tenant-isolation matrix and the route fuzz suite).
 */
import { existsSync, readdirSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import coreCases from '#tests/isolation/core_cases'
import type { IsolationCase } from './isolation.js'

async function pluginCases(): Promise<IsolationCase[]> {
  const out: IsolationCase[] = []
  for (const kind of ['modules', 'channels']) {
    const dir = app.makePath(kind)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) {
      if (!existsSync(app.makePath(kind, name, 'tests', 'isolation.ts'))) continue
      const mod = await import(app.makeURL(`${kind}/${name}/tests/isolation.js`).href)
      out.push(...mod.default)
    }
  }
  // plugin folders loaded from elsewhere (PLUGIN_EXTRA_DIRS, core/plugins.ts): the test suite's sample channel
  for (const folder of (process.env.PLUGIN_EXTRA_DIRS ?? '').split(',').map((d) => d.trim().replace(/\/+$/, ''))) {
    if (!folder || !existsSync(app.makePath(folder, 'tests', 'isolation.ts'))) continue
    out.push(...(await import(app.makeURL(`${folder}/tests/isolation.js`).href)).default)
  }
  return out
}

/** The core's cases and every plugin's (modules/<x>/tests/isolation.ts, channels/<x>/tests/isolation.ts). */
export async function allIsolationCases(): Promise<IsolationCase[]> {
  return [...coreCases, ...(await pluginCases())]
}

/** Every registered route as 'METHOD /pattern' (HEAD left out), sorted. */
export function registeredRoutes() {
  const all = Object.values(router.toJSON()).flat() as { pattern: string; methods: string[] }[]
  const out = new Set<string>()
  for (const r of all) {
    for (const m of r.methods)
      if (m !== 'HEAD') out.add(`${m} ${r.pattern.startsWith('/') ? r.pattern : '/' + r.pattern}`)
  }
  return [...out].sort()
}
