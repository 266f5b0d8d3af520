import { BaseSchema } from '@adonisjs/lucid/schema'

/** Contact lists and their items, campaign settings, campaigns, their shipping rows and the per-connection pacers. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('contact_lists', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 50).notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'name'])
    })

    this.schema.createTable('contact_list_items', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('contact_list_id').notNullable().references('contact_lists.id').onDelete('CASCADE')
      t.string('name', 50).notNullable()
      t.string('number', 50).notNullable()
      t.string('email', 255).nullable()
      // null: no channel could check the number (unknown, still a recipient); false: not on WhatsApp
      t.boolean('is_whatsapp_valid').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      // one number once per list
      t.unique(['contact_list_id', 'number'])
      t.index(['company_id', 'contact_list_id'])
    })

    this.schema.createTable('campaign_settings', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('key', 50).notNullable()
      t.text('value').notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'key'])
    })

    this.schema.createTable('campaigns', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 50).notNullable()
      for (const i of [1, 2, 3, 4, 5]) {
        t.text(`message${i}`).nullable()
        t.text(`confirmation_message${i}`).nullable()
      }
      t.string('status', 20).notNullable().defaultTo('INATIVA')
      t.boolean('confirmation').notNullable().defaultTo(false)
      t.timestamp('scheduled_at', { useTz: true }).nullable()
      t.timestamp('completed_at', { useTz: true }).nullable()
      t.integer('contact_list_id').nullable().references('contact_lists.id').onDelete('SET NULL')
      // or the contacts carrying this tag (the inbox's tags)
      t.integer('tag_list_id').nullable()
      // comma-joined connection ids, as the spec's client sends them
      t.string('whatsapp_id', 255).nullable()
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      t.string('status_ticket', 10).notNullable().defaultTo('closed')
      t.string('open_ticket', 10).notNullable().defaultTo('disabled')
      t.string('media_path', 500).nullable()
      t.string('media_name', 255).nullable()
      // recipients in an open ticket with an agent are skipped (not interrupted by a campaign)
      t.boolean('skip_agent_tickets').notNullable().defaultTo(false)
      // the dispatcher's chain: when its next tick is due (a sweep re-queues a lost one under the same job id)
      t.timestamp('next_tick_at', { useTz: true }).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'status'])
    })

    this.schema.createTable('campaign_shippings', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('campaign_id').notNullable().references('campaigns.id').onDelete('CASCADE')
      t.integer('contact_list_item_id').nullable()
      // a tag campaign's recipient: the inbox's contact
      t.integer('contact_id').nullable()
      t.string('number', 50).notNullable()
      t.string('name', 100).notNullable().defaultTo('')
      t.string('email', 255).nullable()
      t.integer('whatsapp_id').notNullable()
      // pending → queued (message stored, outbox has it) → delivered | failed;
      // with confirmation: pending → confirming (asked) → pending again once confirmed (confirmed_at) → queued …;
      // cancelled (while the campaign is), opted_out (the number asked to receive no campaigns),
      // skipped (in an open ticket with an agent, when the campaign says so)
      t.string('status', 12).notNullable().defaultTo('pending')
      t.text('message').nullable()
      t.integer('message_id').nullable()
      t.integer('confirmation_message_id').nullable()
      t.string('error', 100).nullable()
      // when its message was stored and handed to the outbox
      t.timestamp('sent_at', { useTz: true }).nullable()
      t.timestamp('delivered_at', { useTz: true }).nullable()
      t.timestamp('read_at', { useTz: true }).nullable()
      t.timestamp('failed_at', { useTz: true }).nullable()
      t.timestamp('confirmation_requested_at', { useTz: true }).nullable()
      t.timestamp('confirmed_at', { useTz: true }).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      // one row per recipient: a replayed start never adds a second
      t.unique(['campaign_id', 'number'])
      t.index(['campaign_id', 'status'])
    })

    // numbers that answered an opt-out keyword: skipped by every later campaign of the company
    this.schema.createTable('campaign_opt_outs', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('number', 50).notNullable()
      t.string('keyword', 30).notNullable()
      t.integer('campaign_id').nullable().references('campaigns.id').onDelete('SET NULL')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'number'])
    })

    // one pace per connection: campaigns sharing a number share its pace
    this.schema.createTable('campaign_pacers', (t) => {
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.timestamp('next_at', { useTz: true }).notNullable()
      t.integer('sent_count').notNullable().defaultTo(0)
      // sends of the number on `day` (company time zone), for the daily cap
      t.date('day').nullable()
      t.integer('day_count').notNullable().defaultTo(0)
      t.primary(['company_id', 'whatsapp_id'])
    })
  }

  async down() {
    this.schema.dropTable('campaign_pacers')
    this.schema.dropTable('campaign_opt_outs')
    this.schema.dropTable('campaign_shippings')
    this.schema.dropTable('campaigns')
    this.schema.dropTable('campaign_settings')
    this.schema.dropTable('contact_list_items')
    this.schema.dropTable('contact_lists')
  }
}
