import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The confirmation question's own acks. They are kept apart from
 * delivered_at/read_at (the real message's) so the report counts each
 * recipient once per figure: "delivered" stays the offer's delivery, while
 * the question's delivery and read show on their own; a question the channel
 * refused fails the row (status failed), which is the recipient's one failure.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('campaign_shippings', (t) => {
      t.timestamp('confirmation_delivered_at', { useTz: true }).nullable()
      t.timestamp('confirmation_read_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable('campaign_shippings', (t) => {
      t.dropColumn('confirmation_delivered_at')
      t.dropColumn('confirmation_read_at')
    })
  }
}
