import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * - wa_auth_state: the Baileys login (creds and Signal keys), one row per key,
 *   encrypted with the app key; never on local disk.
 * - wa_sessions: what should run (desired state, generation bumped by each
 *   restart or logout command) and the fencing token of the current owner.
 * - wa_lid_map: WhatsApp's LID identities mapped to phone numbers, so a person
 *   writing from a LID and from a number is one contact.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('wa_auth_state', (t) => {
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('category', 40).notNullable()
      t.string('key_id', 255).notNullable()
      t.text('value').notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.primary(['whatsapp_id', 'category', 'key_id'])
    })

    this.schema.createTable('wa_sessions', (t) => {
      t.integer('whatsapp_id').primary().references('whatsapps.id').onDelete('CASCADE')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      // run | stop | logout
      t.string('desired', 10).notNullable().defaultTo('run')
      t.integer('generation').notNullable().defaultTo(0)
      t.boolean('reset_auth').notNullable().defaultTo(false)
      t.string('pairing_phone', 20).nullable()
      t.bigInteger('fence').notNullable().defaultTo(0)
      t.string('owner', 100).nullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })

    this.schema.createTable('wa_lid_map', (t) => {
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('lid', 64).notNullable()
      t.string('pn', 32).notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.primary(['company_id', 'lid'])
    })
  }

  async down() {
    this.schema.dropTable('wa_lid_map')
    this.schema.dropTable('wa_sessions')
    this.schema.dropTable('wa_auth_state')
  }
}
