import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Per-connection records that are not connection settings:
 * - connection_health: what the connections page shows about a session's
 *   reliability (reported by the channel drivers through the core's hooks,
 *   written by this module: services/channel_reports.ts);
 * - connection_imports: the history-import window and its progress, so an
 *   import resumes after a restart instead of starting again;
 * - connection_media: the greeting media of a connection (private storage key).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('connection_health', (t) => {
      t.integer('whatsapp_id').primary().references('whatsapps.id').onDelete('CASCADE')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.timestamp('last_connected_at', { useTz: true }).nullable()
      t.timestamp('last_disconnected_at', { useTz: true }).nullable()
      t.timestamp('last_message_at', { useTz: true }).nullable()
      t.integer('reconnect_count').notNullable().defaultTo(0)
      t.text('last_error').nullable()
      t.string('owner', 100).nullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id'])
    })

    this.schema.createTable('connection_imports', (t) => {
      t.integer('whatsapp_id').primary().references('whatsapps.id').onDelete('CASCADE')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.timestamp('from_date', { useTz: true }).nullable()
      t.timestamp('until_date', { useTz: true }).nullable()
      t.boolean('groups').notNullable().defaultTo(false)
      // idle | preparing | running | done
      t.string('state', 12).notNullable().defaultTo('idle')
      t.integer('received').notNullable().defaultTo(0)
      t.integer('processed').notNullable().defaultTo(0)
      t.timestamp('last_batch_at', { useTz: true }).nullable()
      t.timestamp('started_at', { useTz: true }).nullable()
      t.timestamp('finished_at', { useTz: true }).nullable()
      t.index(['company_id'])
    })

    this.schema.createTable('connection_media', (t) => {
      t.integer('whatsapp_id').primary().references('whatsapps.id').onDelete('CASCADE')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('media_path', 500).notNullable()
      t.string('media_name', 255).notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable('connection_media')
    this.schema.dropTable('connection_imports')
    this.schema.dropTable('connection_health')
  }
}
