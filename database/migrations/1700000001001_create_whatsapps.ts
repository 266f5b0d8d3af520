import { BaseSchema } from '@adonisjs/lucid/schema'

/** Service hours of a new connection (spec 2 §9): 08:00-12:00 and 13:00-18:00 every day. */
const DAYS = [
  ['Segunda-feira', 'monday'],
  ['Terça-feira', 'tuesday'],
  ['Quarta-feira', 'wednesday'],
  ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'],
  ['Sábado', 'saturday'],
  ['Domingo', 'sunday'],
]
const DEFAULT_SCHEDULES = JSON.stringify(
  DAYS.map(([weekday, weekdayEn]) => ({
    weekday,
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }))
)

/**
 * Connections (spec 2 §3 "Connection"): one messaging account of a company on
 * one channel. The inbox references them; their CRUD and session screens live
 * elsewhere. `settings` holds channel-specific configuration (e.g. the API
 * channel's callback URL and signing secret).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('whatsapps', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 50).notNullable()
      t.string('channel', 20).notNullable().defaultTo('whatsapp')
      t.string('number', 50).nullable()
      t.string('status', 20).notNullable().defaultTo('DISCONNECTED')
      t.text('qrcode').nullable()
      t.integer('retries').notNullable().defaultTo(0)
      t.boolean('is_default').notNullable().defaultTo(false)
      t.boolean('allow_group').notNullable().defaultTo(false)
      t.string('group_as_ticket', 10).notNullable().defaultTo('disabled')
      t.string('token', 64).notNullable()
      t.text('greeting_message').nullable()
      t.text('complation_message').nullable()
      t.text('out_of_hours_message').nullable()
      t.text('collective_vacation_message').nullable()
      t.date('collective_vacation_start').nullable()
      t.date('collective_vacation_end').nullable()
      t.boolean('import_old_messages').notNullable().defaultTo(false)
      t.date('import_old_messages_date').nullable()
      t.boolean('import_recent_messages').notNullable().defaultTo(false)
      t.boolean('import_old_messages_groups').notNullable().defaultTo(false)
      t.boolean('closed_tickets_post_imported').notNullable().defaultTo(false)
      t.string('status_import_messages', 50).nullable()
      t.integer('send_id_queue').nullable().references('queues.id').onDelete('SET NULL')
      t.integer('time_send_queue').notNullable().defaultTo(0)
      t.integer('integration_id').nullable()
      t.integer('prompt_id').nullable()
      t.integer('time_create_new_ticket').notNullable().defaultTo(0)
      t.integer('max_use_bot_queues').notNullable().defaultTo(3)
      t.string('time_use_bot_queues', 10).notNullable().defaultTo('0')
      t.integer('expires_ticket').notNullable().defaultTo(0)
      t.smallint('when_expires_ticket').notNullable().defaultTo(0)
      t.text('expires_inactive_message').nullable()
      t.integer('time_inactive_message').notNullable().defaultTo(0)
      t.text('inactive_message').nullable()
      t.text('rating_message').nullable()
      t.integer('max_use_bot_queues_nps').notNullable().defaultTo(3)
      t.integer('expires_ticket_nps').notNullable().defaultTo(0)
      t.string('provider', 20).notNullable().defaultTo('beta')
      t.string('color', 9).nullable()
      t.jsonb('schedules').notNullable().defaultTo(DEFAULT_SCHEDULES)
      t.jsonb('settings').notNullable().defaultTo('{}')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id'])
    })
    // the per-connection API token authenticates outside callers: unique platform-wide
    this.schema.raw('CREATE UNIQUE INDEX whatsapps_token_unique ON whatsapps (token)')
    // at most one default connection per company
    this.schema.raw('CREATE UNIQUE INDEX whatsapps_one_default ON whatsapps (company_id) WHERE is_default')

    this.schema.createTable('whatsapp_queues', (t) => {
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.integer('queue_id').notNullable().references('queues.id').onDelete('CASCADE')
      t.primary(['whatsapp_id', 'queue_id'])
      t.index(['queue_id'])
    })

    this.schema.alterTable('users', (t) => {
      t.foreign('whatsapp_id').references('whatsapps.id').onDelete('SET NULL')
    })
  }

  async down() {
    this.schema.alterTable('users', (t) => t.dropForeign(['whatsapp_id']))
    this.schema.dropTable('whatsapp_queues')
    this.schema.dropTable('whatsapps')
  }
}
