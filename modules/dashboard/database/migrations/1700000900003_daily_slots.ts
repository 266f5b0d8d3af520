import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * dashboard_daily's sums split over a few rows per company, day, agent and
 * queue (`slot`, chosen by the writing connection): every ticket change of a
 * company adds to the same "no agent, no queue" row of the day, and concurrent
 * writers queued on its lock until each other's commit (up to 117 ms a
 * statement in a burst of new conversations). Readers already sum the rows of
 * a key.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('dashboard_daily', (t) => {
      t.smallint('slot').notNullable().defaultTo(0)
      t.dropPrimary()
    })
    this.schema.alterTable('dashboard_daily', (t) => {
      t.primary(['company_id', 'day', 'user_key', 'queue_key', 'slot'])
    })
  }

  async down() {
    // fold the slots back into one row per key before the narrower key returns
    this.defer(async (db) => {
      await db.rawQuery(
        // system: a schema change over every company's rows
        `WITH gone AS (DELETE FROM dashboard_daily WHERE slot <> 0 RETURNING *)
         INSERT INTO dashboard_daily AS d (company_id, day, user_key, queue_key, slot, tickets, finished, wait_sum,
           wait_n, service_sum, service_n, wait_rating, without_rating, with_rating, rated, rate_sum, promoters,
           passives, detractors)
         SELECT company_id, day, user_key, queue_key, 0, sum(tickets), sum(finished), sum(wait_sum), sum(wait_n),
           sum(service_sum), sum(service_n), sum(wait_rating), sum(without_rating), sum(with_rating), sum(rated),
           sum(rate_sum), sum(promoters), sum(passives), sum(detractors)
           FROM gone GROUP BY 1, 2, 3, 4
         ON CONFLICT (company_id, day, user_key, queue_key, slot) DO UPDATE SET
           tickets = d.tickets + excluded.tickets, finished = d.finished + excluded.finished,
           wait_sum = d.wait_sum + excluded.wait_sum, wait_n = d.wait_n + excluded.wait_n,
           service_sum = d.service_sum + excluded.service_sum, service_n = d.service_n + excluded.service_n,
           wait_rating = d.wait_rating + excluded.wait_rating, without_rating = d.without_rating + excluded.without_rating,
           with_rating = d.with_rating + excluded.with_rating, rated = d.rated + excluded.rated,
           rate_sum = d.rate_sum + excluded.rate_sum, promoters = d.promoters + excluded.promoters,
           passives = d.passives + excluded.passives, detractors = d.detractors + excluded.detractors`
      )
    })
    this.schema.alterTable('dashboard_daily', (t) => {
      t.dropPrimary()
    })
    this.schema.alterTable('dashboard_daily', (t) => {
      t.dropColumn('slot')
      t.primary(['company_id', 'day', 'user_key', 'queue_key'])
    })
  }
}
