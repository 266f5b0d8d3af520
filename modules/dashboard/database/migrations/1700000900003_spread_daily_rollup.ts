import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A day's sums of one agent and queue are spread over DAILY_SLOTS rows (the
 * ticket id picks one): every new ticket of a company adds to the same
 * "no agent" row, and one row made the trackers of concurrent tickets wait
 * for each other's commits. Readers sum the slots as they sum the days.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('dashboard_daily', (t) => {
      t.smallint('slot').notNullable().defaultTo(0)
      t.dropPrimary()
      t.primary(['company_id', 'day', 'user_key', 'queue_key', 'slot'])
    })
  }

  async down() {
    // the slots of a key folded back into one row before the key loses its slot
    this.schema.raw(`
      CREATE TEMP TABLE dashboard_daily_folded AS
        SELECT company_id, day, user_key, queue_key,
               sum(tickets)::int AS tickets, sum(finished)::int AS finished, sum(wait_n)::int AS wait_n,
               sum(service_n)::int AS service_n, sum(wait_rating)::int AS wait_rating,
               sum(without_rating)::int AS without_rating, sum(with_rating)::int AS with_rating,
               sum(rated)::int AS rated, sum(rate_sum)::int AS rate_sum, sum(promoters)::int AS promoters,
               sum(passives)::int AS passives, sum(detractors)::int AS detractors,
               sum(wait_sum) AS wait_sum, sum(service_sum) AS service_sum
          FROM dashboard_daily GROUP BY 1, 2, 3, 4;
      DELETE FROM dashboard_daily;
      ALTER TABLE dashboard_daily DROP CONSTRAINT dashboard_daily_pkey;
      ALTER TABLE dashboard_daily DROP COLUMN slot;
      ALTER TABLE dashboard_daily ADD PRIMARY KEY (company_id, day, user_key, queue_key);
      INSERT INTO dashboard_daily (company_id, day, user_key, queue_key, tickets, finished, wait_n, service_n,
             wait_rating, without_rating, with_rating, rated, rate_sum, promoters, passives, detractors, wait_sum, service_sum)
        SELECT company_id, day, user_key, queue_key, tickets, finished, wait_n, service_n, wait_rating,
               without_rating, with_rating, rated, rate_sum, promoters, passives, detractors, wait_sum, service_sum
          FROM dashboard_daily_folded;
      DROP TABLE dashboard_daily_folded;
    `)
  }
}
