import { BaseSchema } from '@adonisjs/lucid/schema'

/** Which process polls a bot (long polling), until when: one poller per bot across processes. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('telegram_bots', (t) => {
      t.string('poll_owner', 120).nullable()
      t.timestamp('poll_until', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable('telegram_bots', (t) => {
      t.dropColumn('poll_owner')
      t.dropColumn('poll_until')
    })
  }
}
