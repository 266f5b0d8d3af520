import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The delivery log's failed tries get an error code that any user of the
 * company may read; `error` keeps the raw text (it may name the receiver's
 * host or address), shown to admins only. Tries logged before are coded from
 * their text.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('integration_deliveries', (t) => {
      t.string('error_code', 60).nullable()
    })
    this.schema.raw(
      `UPDATE integration_deliveries SET error_code = CASE
         WHEN error LIKE 'HTTP %' THEN 'ERR_INTEGRATION_DELIVERY_STATUS'
         WHEN error LIKE 'integration URL %' THEN 'ERR_INTEGRATION_DELIVERY_BLOCKED'
         WHEN error LIKE '%timeout%' THEN 'ERR_INTEGRATION_DELIVERY_TIMEOUT'
         WHEN error = 'fetch failed' OR error LIKE 'getaddrinfo %' THEN 'ERR_INTEGRATION_DELIVERY_UNREACHABLE'
         ELSE 'ERR_INTEGRATION_DELIVERY_FAILED'
       END
       WHERE error IS NOT NULL`
    )
  }

  async down() {
    this.schema.alterTable('integration_deliveries', (t) => {
      t.dropColumn('error_code')
    })
  }
}
