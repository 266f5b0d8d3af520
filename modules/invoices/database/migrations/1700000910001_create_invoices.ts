import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Invoices of the platform's subscription: one per company and due date (the
 * unique key makes generation idempotent), with the plan's amount at the time.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('invoices', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.date('due_date').notNullable()
      t.decimal('amount', 12, 2).notNullable()
      t.string('detail', 200).notNullable()
      t.string('status', 10).notNullable().defaultTo('open')
      t.timestamp('paid_at', { useTz: true }).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'due_date'])
      t.index(['status', 'due_date'])
    })
    this.schema.raw("ALTER TABLE invoices ADD CONSTRAINT invoices_status CHECK (status IN ('open', 'paid'))")
  }

  async down() {
    this.schema.dropTable('invoices')
  }
}
