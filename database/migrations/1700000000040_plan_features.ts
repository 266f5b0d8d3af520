import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Plan flags move from one column each to `features` (jsonb, one key per
 * flag): a flag a plugin declares needs no column of the core's table.
 */
const FLAGS: [string, string][] = [
  ['useWhatsapp', 'use_whatsapp'],
  ['useFacebook', 'use_facebook'],
  ['useInstagram', 'use_instagram'],
  ['useCampaigns', 'use_campaigns'],
  ['useSchedules', 'use_schedules'],
  ['useInternalChat', 'use_internal_chat'],
  ['useExternalApi', 'use_external_api'],
  ['useKanban', 'use_kanban'],
  ['useOpenAi', 'use_open_ai'],
  ['useIntegrations', 'use_integrations'],
]

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('plans', (t) => {
      t.jsonb('features').notNullable().defaultTo('{}')
    })
    this.defer(async (db) => {
      const pairs = FLAGS.map(([flag, column]) => `'${flag}', ${column}`).join(', ')
      await db.rawQuery(`UPDATE plans SET features = jsonb_build_object(${pairs})`)
    })
    this.schema.alterTable('plans', (t) => {
      for (const [, column] of FLAGS) t.dropColumn(column)
    })
  }

  async down() {
    this.schema.alterTable('plans', (t) => {
      for (const [, column] of FLAGS) t.boolean(column).notNullable().defaultTo(true)
    })
    this.defer(async (db) => {
      const sets = FLAGS.map(([flag, column]) => `${column} = COALESCE((features->>'${flag}')::boolean, true)`).join(
        ', '
      )
      await db.rawQuery(`UPDATE plans SET ${sets}`)
    })
    this.schema.alterTable('plans', (t) => {
      t.dropColumn('features')
    })
  }
}
