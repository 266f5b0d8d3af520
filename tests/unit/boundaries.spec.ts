import { test } from '@japa/runner'
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
// @ts-expect-error plain ESM script without types
import { checkBoundaries, tenantTables } from '../../scripts/check-boundaries.mjs'

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

  test("a plugin may import another plugin's public API and nothing else of it", ({ assert }) => {
    const root = mkdtempSync(join(tmpdir(), 'balcao-bounds-'))
    mkdirSync(join(root, 'core', 'public'), { recursive: true })
    mkdirSync(join(root, 'modules', 'a'), { recursive: true })
    mkdirSync(join(root, 'modules', 'b', 'public'), { recursive: true })
    mkdirSync(join(root, 'modules', 'b', 'services'), { recursive: true })
    writeFileSync(join(root, 'modules', 'b', 'public', 'tickets.ts'), 'export const x = 1\n')
    writeFileSync(join(root, 'modules', 'b', 'services', 'secret.ts'), 'export const y = 1\n')
    writeFileSync(
      join(root, 'modules', 'a', 'ok.ts'),
      "import { x } from '#modules/b/public/tickets'\nconst lazy = await import('#modules/b/public/tickets')\n"
    )
    writeFileSync(
      join(root, 'modules', 'a', 'bad.ts'),
      "import { y } from '#modules/b/services/secret'\nimport B from '#modules/b/module'\nimport { z } from '../b/public/tickets.js'\n"
    )
    const problems: string[] = checkBoundaries(root)
    assert.lengthOf(problems, 3)
    assert.isTrue(problems.every((p) => p.startsWith('modules/a/bad.ts')))
  })

  test('a channel package (no manifest) is a library its channels import whole; plugins are not', ({ assert }) => {
    const root = mkdtempSync(join(tmpdir(), 'balcao-bounds-'))
    const write = (path: string, text: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    write('core/public/tenancy.ts', '')
    write('channels/graph/client.ts', "export const send = () => db.from('graph_windows')\n")
    write('channels/cloud/channel.ts', "import { send } from '#channels/graph/client'\n")
    write('channels/cloud/database/migrations/1_t.ts', "this.schema.createTable('graph_windows', (t) => {})\n")
    write('channels/other/channel.ts', 'export default {}\n')
    write('channels/other/secret.ts', "export const s = db.from('other_rows')\n")
    write('channels/other/database/migrations/1_t.ts', "this.schema.createTable('other_rows', (t) => {})\n")
    // a plugin (it has a manifest) is still closed, and the package may not touch a channel's tables that do not use it
    write('channels/cloud/bad.ts', "import { s } from '#channels/other/secret'\n")
    write('channels/graph/bad.ts', "export const t = db.from('other_rows')\n")
    write('modules/q/tests/dsl.ts', 'export const dsl = 1\n')
    write('modules/r/tests/r.spec.ts', "import { dsl } from '#modules/q/tests/dsl'\n")
    write('modules/r/service.ts', "import { dsl } from '#modules/q/tests/dsl'\n")
    const problems: string[] = checkBoundaries(root)
    assert.sameMembers(
      problems.map((p) => p.split(':')[0]),
      ['channels/cloud/bad.ts', 'channels/graph/bad.ts', 'modules/r/service.ts']
    )
  })

  test('a plugin may not read or write the tables of another plugin (owners from the migrations)', ({ assert }) => {
    const root = mkdtempSync(join(tmpdir(), 'balcao-bounds-'))
    const write = (path: string, text: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    write('core/public/tenancy.ts', '')
    write(
      'database/migrations/1_core.ts',
      "this.schema.createTable('whatsapps', (t) => {})\nthis.schema.createTable('inbound_events', (t) => {})\n"
    )
    write('modules/b/database/migrations/1_b.ts', "this.schema.createTable('b_items', (t) => {})\n")
    write('modules/a/database/migrations/1_a.ts', "this.schema.createTable('a_rows', (t) => {})\n")
    write(
      'modules/a/ok.ts',
      [
        "await db.from('a_rows').where('id', 1)",
        "await trx.table('a_rows').insert({})",
        "await db.from('whatsapps').join('a_rows as r', 'r.whatsapp_id', 'whatsapps.id')",
        '// the old code read from b_items here',
        "await db.rawQuery('UPDATE a_rows SET x = 1 FROM whatsapps w WHERE w.id = a_rows.whatsapp_id')",
      ].join('\n')
    )
    write('modules/a/tests/state.spec.ts', "await db.from('b_items').first()\n")
    write('modules/a/read.ts', "await db.from('b_items').where('id', 1)\n")
    write('modules/a/write.ts', "await trx.table('b_items').insert({})\n")
    write('modules/a/raw.ts', 'await db.rawQuery(`UPDATE b_items SET done = true WHERE id = ?`, [1])\n')
    write('modules/a/join.ts', "await db.from('a_rows').leftJoin('b_items as b', 'b.id', 'a_rows.b_id')\n")
    write('modules/a/insert.ts', "await db.rawQuery('INSERT INTO b_items (id) VALUES (1)')\n")
    write('modules/a/model.ts', "export default class Item extends BaseModel {\n  static table = 'b_items'\n}\n")
    write('modules/a/scoped.ts', "await tenantTable('b_items', trx).update({ x: 1 })\n")
    write('modules/a/core_private.ts', "await db.from('inbound_events').where('status', 'pending')\n")
    const problems: string[] = checkBoundaries(root)
    const files = problems.map((p) => p.split(':')[0]).sort()
    assert.deepEqual(files, [
      'modules/a/core_private.ts',
      'modules/a/insert.ts',
      'modules/a/join.ts',
      'modules/a/model.ts',
      'modules/a/raw.ts',
      'modules/a/read.ts',
      'modules/a/scoped.ts',
      'modules/a/write.ts',
    ])
    assert.include(
      problems.find((p) => p.startsWith('modules/a/read.ts')),
      'table b_items belongs to modules/b'
    )
    assert.include(
      problems.find((p) => p.startsWith('modules/a/core_private.ts')),
      'belongs to the core'
    )
  })

  test('tenant tables (company_id in their createTable block) are read and written through tenantTable / tenantInsert', ({
    assert,
  }) => {
    const root = mkdtempSync(join(tmpdir(), 'balcao-bounds-'))
    const write = (path: string, text: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    write('core/public/tenancy.ts', "export const q = (client) => client.from('users')\n")
    write(
      'database/migrations/1_core.ts',
      [
        "this.schema.createTable('users', (t) => {",
        "  t.integer('company_id').notNullable()",
        '})',
        "this.schema.createTable('user_queues', (t) => {",
        "  t.integer('user_id')",
        '})',
      ].join('\n')
    )
    write(
      'modules/b/database/migrations/1_b.ts',
      "this.schema.createTable('tickets', (t) => {\n  t.integer('company_id')\n})\n" +
        "this.schema.createTable('b_items', (t) => {\n  t.integer('ticket_id')\n})\n" +
        "this.schema.raw('CREATE INDEX b_items_company ON tickets (company_id)')\n"
    )
    assert.deepEqual([...tenantTables(root)].sort(), ['tickets', 'users'])

    write('modules/b/from.ts', "await db.from('tickets').where('company_id', companyId)\n")
    write('modules/b/write.ts', "await trx.table('tickets as t').where('t.id', 1).update({ x: 1 })\n")
    write('modules/b/insert.ts', "await db.insertQuery().into('tickets').insert({})\n")
    write('modules/b/raw.ts', "await db.rawQuery('UPDATE tickets SET x = 1 WHERE id = ?', [1])\n")
    write('modules/b/raw_select.ts', 'await trx.rawQuery(`SELECT id FROM tickets WHERE status = ?`, [s])\n')
    write('core/app/services/users.ts', "await db.from('users').where('id', 1)\n")
    write(
      'modules/b/ok.ts',
      [
        "await tenantTable('tickets').where('id', 1)",
        "await tenantTable('tickets as t', trx).join('users as u', 'u.id', 't.user_id').select('t.id')",
        "await tenantInsert('tickets', { status: 'open' }, trx)",
        "await db.from('b_items').where('ticket_id', 1)",
        "// db.from('tickets') read them all here once",
        "await db.rawQuery('UPDATE tickets SET x = 1 WHERE company_id = ? AND id = ?', [tenancy.requireCompanyId(), 1])",
        'await db.rawQuery(',
        "  // system: the nightly sweep closes every company's stale tickets",
        "  `UPDATE tickets SET status = 'closed' WHERE updated_at < now() - interval '1 year'`",
        ')',
      ].join('\n')
    )
    write('modules/b/tests/state.spec.ts', "await db.from('tickets').first()\n")
    write('modules/b/database/seeders/main.ts', "await db.table('tickets').insert({})\n")

    const problems: string[] = checkBoundaries(root)
    assert.deepEqual(problems.map((p) => p.split(':')[0]).sort(), [
      'core/app/services/users.ts',
      'modules/b/from.ts',
      'modules/b/insert.ts',
      'modules/b/raw.ts',
      'modules/b/raw_select.ts',
      'modules/b/write.ts',
    ])
    assert.include(
      problems.find((p) => p.startsWith('modules/b/from.ts')),
      "modules/b/from.ts:1: .from('tickets')"
    )
    assert.include(
      problems.find((p) => p.startsWith('modules/b/raw.ts')),
      'without company_id'
    )
  })

  test('the repository itself passes, and npm test runs the check', ({ assert }) => {
    assert.deepEqual(checkBoundaries(app.makePath()), [])
    const script = readFileSync(app.makePath('scripts', 'test.mjs'), 'utf8')
    assert.include(script, "'scripts/check-boundaries.mjs'")
    const pkg = JSON.parse(readFileSync(app.makePath('package.json'), 'utf8'))
    assert.equal(pkg.scripts.test, 'node scripts/test.mjs')
  })
})
