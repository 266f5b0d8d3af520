import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Per-ticket state of the conversation engine (bot counters, chatbot stage,
 * LGPD consent, NPS prompts, inactivity warning). Kept on the ticket so that
 * the row lock taken for an inbound event also serialises the bot's state.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('tickets', (t) => {
      t.timestamp('bot_answered_at', { useTz: true }).nullable()
      t.integer('chatbot_stage_id').nullable()
      t.boolean('is_out_of_hour').notNullable().defaultTo(false)
      t.timestamp('lgpd_sent_at', { useTz: true }).nullable()
      t.timestamp('lgpd_accepted_at', { useTz: true }).nullable()
      t.integer('nps_attempts').notNullable().defaultTo(0)
      t.boolean('send_inactive_message').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('tickets', (t) => {
      t.dropColumns(
        'bot_answered_at',
        'chatbot_stage_id',
        'is_out_of_hour',
        'lgpd_sent_at',
        'lgpd_accepted_at',
        'nps_attempts',
        'send_inactive_message'
      )
    })
  }
}
