import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The sessions summed per company, day (in the company's time zone, by when
 * the session was queued), agent and queue, kept by tracking in the same
 * transaction as the session: GET /dashboard reads a month as a few hundred
 * rows, whatever the number of tickets. 0 stands for "no agent" / "no queue".
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('dashboard_daily', (t) => {
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.date('day').notNullable()
      t.integer('user_key').notNullable()
      t.integer('queue_key').notNullable()
      for (const c of ['tickets', 'finished', 'wait_n', 'service_n', 'wait_rating', 'without_rating', 'with_rating'])
        t.integer(c).notNullable().defaultTo(0)
      for (const c of ['rated', 'rate_sum', 'promoters', 'passives', 'detractors'])
        t.integer(c).notNullable().defaultTo(0)
      t.double('wait_sum').notNullable().defaultTo(0)
      t.double('service_sum').notNullable().defaultTo(0)
      t.primary(['company_id', 'day', 'user_key', 'queue_key'])
    })
  }

  async down() {
    this.schema.dropTable('dashboard_daily')
  }
}
