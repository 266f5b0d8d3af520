import { test } from '@japa/runner'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { errorMessages } from '../../core/i18n/errors.js'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (name === 'node_modules' || name === 'tests') return []
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : []
  })
}

test.group('error catalogue', () => {
  test('every ERR_ code the server can answer has its text in pt, en and es', ({ assert }) => {
    const used = new Set<string>()
    for (const dir of ['core', 'modules', 'channels']) {
      for (const file of sources(app.makePath(dir))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/'(ERR_[A-Z_]+)'/g)) used.add(m[1])
      }
    }
    assert.isAbove(used.size, 30)
    const missing = [...used].filter((code) => !['pt', 'en', 'es'].every((l) => (errorMessages[code] as any)?.[l]))
    assert.deepEqual(missing, [])
  })
})
