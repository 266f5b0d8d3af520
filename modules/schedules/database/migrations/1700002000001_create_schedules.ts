import { BaseSchema } from '@adonisjs/lucid/schema'

/** Scheduled messages (spec 3 §3): one row per occurrence; a recurring schedule writes its next row when sent. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('schedules', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.text('body').notNullable()
      // the inbox's contact: no foreign key across plugins; a contact gone makes the send fail (ERRO)
      t.integer('contact_id').notNullable()
      // a copy of the contact's name, so the list can search it without reading the inbox's table
      t.string('contact_name', 255).notNullable().defaultTo('')
      t.timestamp('send_at', { useTz: true }).notNullable()
      t.timestamp('sent_at', { useTz: true }).nullable()
      t.string('status', 20).notNullable().defaultTo('PENDENTE')
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      // null: the connection of the contact's last ticket, else the company default
      t.integer('whatsapp_id').nullable().references('whatsapps.id').onDelete('SET NULL')
      t.string('open_ticket', 10).notNullable().defaultTo('disabled')
      t.string('status_ticket', 10).notNullable().defaultTo('closed')
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      // recurrence: none | daily | weekly | monthly, and how many sends are left including this one
      t.string('repeat_every', 10).notNullable().defaultTo('none')
      t.integer('repeat_count').notNullable().defaultTo(1)
      // the message stored when the send was claimed (the inbox's id, no foreign key) and its ticket
      t.integer('message_id').nullable()
      t.integer('ticket_id').nullable()
      t.text('error').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'send_at'])
      t.index(['company_id', 'contact_id', 'send_at'])
    })
    // the sweep reads only the open rows, across companies
    this.schema.raw("CREATE INDEX schedules_open ON schedules (send_at) WHERE status IN ('PENDENTE', 'AGENDADA')")
  }

  async down() {
    this.schema.dropTable('schedules')
  }
}
