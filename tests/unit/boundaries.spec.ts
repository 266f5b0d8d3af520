import { test } from '@japa/runner'
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
// @ts-expect-error plain ESM script without types
import { checkBoundaries } from '../../scripts/check-boundaries.mjs'

test.group('module boundaries', () => {
  test('the checker reports imports of other modules and of core internals', ({ assert }) => {
    const root = mkdtempSync(join(tmpdir(), 'balcao-bounds-'))
    mkdirSync(join(root, 'core', 'public'), { recursive: true })
    writeFileSync(join(root, 'core', 'public', 'http.ts'), '')
    mkdirSync(join(root, 'modules', 'a'), { recursive: true })
    mkdirSync(join(root, 'modules', 'b'), { recursive: true })
    writeFileSync(
      join(root, 'modules', 'a', 'ok.ts'),
      "import x from './own.js'\nimport { router } from '#core/http'\nimport vine from '@vinejs/vine'\n"
    )
    writeFileSync(
      join(root, 'modules', 'a', 'bad.ts'),
      "import b from '../b/secret.js'\nimport User from '#models/user'\nimport { t } from '#core/tenancy_internal'\nconst m = await import('../../core/app/x.js')\n"
    )
    const problems: string[] = checkBoundaries(root)
    assert.lengthOf(problems, 4)
    assert.isTrue(problems.every((p) => p.startsWith('modules/a/bad.ts')))
  })

  test('the repository itself passes, and npm test runs the check', ({ assert }) => {
    assert.deepEqual(checkBoundaries(app.makePath()), [])
    const script = readFileSync(app.makePath('scripts', 'test.mjs'), 'utf8')
    assert.include(script, "'scripts/check-boundaries.mjs'")
    const pkg = JSON.parse(readFileSync(app.makePath('package.json'), 'utf8'))
    assert.equal(pkg.scripts.test, 'node scripts/test.mjs')
  })
})
