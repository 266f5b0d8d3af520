import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('users', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.string('email', 255).notNullable()
      t.string('password', 255).notNullable()
      t.string('profile', 10).notNullable().defaultTo('user')
      t.boolean('super').notNullable().defaultTo(false)
      t.string('start_work', 5).notNullable().defaultTo('00:00')
      t.string('end_work', 5).notNullable().defaultTo('23:59')
      t.text('farewell_message').nullable()
      t.string('all_ticket', 10).notNullable().defaultTo('disable')
      t.boolean('allow_group').notNullable().defaultTo(false)
      t.string('default_theme', 10).notNullable().defaultTo('light')
      t.string('default_menu', 10).notNullable().defaultTo('open')
      t.string('all_historic', 10).notNullable().defaultTo('disabled')
      t.string('all_user_chat', 10).notNullable().defaultTo('disabled')
      t.string('user_close_pending_ticket', 10).notNullable().defaultTo('enabled')
      t.string('show_dashboard', 10).notNullable().defaultTo('disabled')
      t.string('profile_image', 255).nullable()
      // default connection; the FK is added by the migration that creates connections
      t.integer('whatsapp_id').nullable()
      t.integer('default_tickets_manager_width').notNullable().defaultTo(550)
      t.boolean('online').notNullable().defaultTo(false)
      t.timestamp('last_seen_at', { useTz: true }).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id'])
    })
    // e-mail is the login: unique across the platform, case-insensitive
    this.schema.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))')

    this.schema.createTable('queues', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 50).notNullable()
      t.string('color', 9).notNullable()
      t.text('greeting_message').nullable()
      t.integer('order_queue').nullable()
      t.text('out_of_hours_message').nullable()
      t.integer('tempo_roteador').notNullable().defaultTo(0)
      t.boolean('ativar_roteador').notNullable().defaultTo(false)
      t.integer('integration_id').nullable()
      t.integer('file_list_id').nullable()
      t.boolean('close_ticket').notNullable().defaultTo(false)
      t.jsonb('schedules').notNullable().defaultTo('[]')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'color'])
      t.index(['company_id'])
    })

    this.schema.createTable('user_queues', (t) => {
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
      t.integer('queue_id').notNullable().references('queues.id').onDelete('CASCADE')
      t.primary(['user_id', 'queue_id'])
      t.index(['queue_id'])
    })
  }
  async down() {
    this.schema.dropTable('user_queues')
    this.schema.dropTable('queues')
    this.schema.dropTable('users')
  }
}
