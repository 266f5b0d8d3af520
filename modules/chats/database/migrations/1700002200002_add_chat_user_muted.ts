import { BaseSchema } from '@adonisjs/lucid/schema'

/** A member may mute a chat: no desktop notification or chime, except when they are mentioned. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('chat_users', (t) => {
      t.boolean('muted').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('chat_users', (t) => {
      t.dropColumn('muted')
    })
  }
}
