import { BaseSchema } from '@adonisjs/lucid/schema'

/** The agents' AI help: the company's key and model, and every request (the job's record and the daily guard). */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('assist_settings', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE').unique()
      // sealed with the app key (#core/secrets); never returned in full
      t.text('api_key').nullable()
      t.string('model', 64).notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.createTable('assist_calls', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      // the agent who asked: the only one who reads the answer
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
      t.integer('ticket_id').notNullable()
      // summary | suggestions | improve
      t.string('kind', 20).notNullable()
      // pending | done | failed
      t.string('status', 20).notNullable().defaultTo('pending')
      // improve: the draft; kept only until the job has run
      t.text('input').nullable()
      t.jsonb('result').nullable()
      t.string('error', 64).nullable()
      t.integer('tokens').notNullable().defaultTo(0)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('finished_at', { useTz: true }).nullable()
      t.index(['company_id', 'created_at'])
      t.index(['company_id', 'user_id', 'id'])
    })
  }
  async down() {
    this.schema.dropTable('assist_calls')
    this.schema.dropTable('assist_settings')
  }
}
