import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The Telegram channel's tables:
 * - telegram_bots: per connection, how updates come in (webhook or polling),
 *   the opaque key of its webhook URL (not the connection's API token, which
 *   must never be handed to Telegram), the hash of the webhook's secret header
 *   (the secret itself is only ever given to Telegram), the polling offset
 *   and the bot's identity;
 * - telegram_pending_media: media messages accepted but not yet downloaded
 *   and handed to the pipeline (durable across crashes).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('telegram_bots', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('mode', 16).notNullable().defaultTo('webhook')
      t.string('webhook_key', 64).nullable().unique()
      t.string('secret_hash', 64).nullable()
      t.string('token_hash', 64).nullable()
      t.bigInteger('update_offset').notNullable().defaultTo(0)
      t.bigInteger('bot_id').nullable()
      t.string('bot_username', 100).nullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['whatsapp_id'])
      t.index(['company_id'])
    })
    this.schema.createTable('telegram_pending_media', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('provider_message_id', 255).notNullable()
      t.string('file_id', 255).notNullable()
      t.jsonb('event').notNullable()
      t.integer('attempts').notNullable().defaultTo(0)
      t.text('last_error').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'whatsapp_id', 'provider_message_id'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('telegram_pending_media')
    this.schema.dropTableIfExists('telegram_bots')
  }
}
