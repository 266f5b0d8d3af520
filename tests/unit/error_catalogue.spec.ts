import { test } from '@japa/runner'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { translateError } from '#core/error_texts'
import { channels, modules } from '../../core/plugins.js'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (name === 'node_modules' || name === 'tests') return []
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : []
  })
}

const codesIn = (dir: string) => {
  const used = new Set<string>()
  for (const file of sources(app.makePath(dir))) {
    if (file.endsWith('errors.ts')) continue
    for (const m of readFileSync(file, 'utf8').matchAll(/'(ERR_[A-Z_]+)'/g)) used.add(m[1])
  }
  return used
}

test.group('error catalogue', () => {
  test('every ERR_ code the server can answer has its text in pt, en and es', ({ assert }) => {
    const used = new Set([...codesIn('core'), ...codesIn('modules'), ...codesIn('channels')])
    assert.isAbove(used.size, 30)
    const missing = [...used].filter((code) => !(['pt', 'en', 'es'] as const).every((l) => translateError(code, l)))
    assert.deepEqual(missing, [])
  })

  test('a plugin declares only codes it answers itself', ({ assert }) => {
    const orphans: string[] = []
    // a channel package (channels/<x> without a manifest) answers for the channels built on it
    const packages = readdirSync(app.makePath('channels')).filter(
      (name) =>
        statSync(app.makePath('channels', name)).isDirectory() &&
        !existsSync(app.makePath('channels', name, 'channel.ts'))
    )
    for (const { folder, manifest } of [...modules, ...channels]) {
      const used = codesIn(folder)
      if (folder.startsWith('channels/'))
        for (const p of packages) for (const c of codesIn(`channels/${p}`)) used.add(c)
      for (const code of Object.keys(manifest.errors ?? {})) if (!used.has(code)) orphans.push(`${folder}: ${code}`)
    }
    assert.deepEqual(orphans, [])
  })
})

test.group('plugin declarations', () => {
  const text = { pt: 'a', en: 'b', es: 'c' }
  test('an error code has one owner and three languages', async ({ assert }) => {
    const { collectPluginErrors } = await import('#core/error_texts')
    assert.throws(
      () => collectPluginErrors([{ folder: 'modules/x', manifest: { errors: { ERR_NO_TICKET_FOUND: text } } }]),
      /core/
    )
    assert.throws(
      () =>
        collectPluginErrors([
          { folder: 'modules/x', manifest: { errors: { ERR_X_ONE: text } } },
          { folder: 'modules/y', manifest: { errors: { ERR_X_ONE: text } } },
        ]),
      /modules\/x/
    )
    assert.throws(() =>
      collectPluginErrors([{ folder: 'modules/x', manifest: { errors: { ERR_X_TWO: { ...text, es: '' } } } }])
    )
    assert.deepEqual(collectPluginErrors([{ folder: 'modules/x', manifest: { errors: { ERR_X_ONE: text } } }]), {
      ERR_X_ONE: text,
    })
  })

  test('a plan flag is declared before a manifest names it as its feature', async ({ assert }) => {
    const { collectPlanFlags } = await import('#core/plan_flags')
    assert.throws(() => collectPlanFlags([{ folder: 'modules/x', manifest: { feature: 'useNothing' } }]), /useNothing/)
    assert.throws(() =>
      collectPlanFlags([
        { folder: 'modules/x', manifest: { feature: null, planFlags: [{ name: 'bad', label: text }] } },
      ])
    )
    const flags = collectPlanFlags([
      { folder: 'modules/x', manifest: { feature: 'useThing', planFlags: [{ name: 'useThing', label: text }] } },
    ])
    assert.isTrue(flags.has('useThing'))
    // the core declares no flag of its own: useKanban comes with the kanban module
    assert.isFalse(flags.has('useKanban'))
  })
})
