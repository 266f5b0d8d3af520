import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The audit log: one row per admin action. company_id is null for platform
 * actions (companies, plans, sign-in attempts with an unknown e-mail), which
 * only the super user sees. Rows are append-only: a trigger refuses any update
 * but the actor's SET NULL when that user is deleted (their name stays).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('audit_logs', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').nullable().references('companies.id').onDelete('CASCADE')
      t.integer('actor_id').nullable().references('users.id').onDelete('SET NULL')
      // copies: the row still says who it was after the user is gone
      t.string('actor_name', 255).nullable()
      t.string('actor_email', 255).nullable()
      t.string('action', 60).notNullable()
      t.string('entity', 40).notNullable()
      t.string('entity_id', 100).nullable()
      t.string('ip', 64).nullable()
      t.string('user_agent', 500).nullable()
      t.jsonb('before').nullable()
      t.jsonb('after').nullable()
      t.jsonb('details').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw('CREATE INDEX audit_logs_company_created ON audit_logs (company_id, created_at DESC, id DESC)')
    this.schema.raw(
      'CREATE INDEX audit_logs_platform_created ON audit_logs (created_at DESC, id DESC) WHERE company_id IS NULL'
    )
    this.schema.raw(`
      CREATE FUNCTION audit_logs_append_only() RETURNS trigger AS $$
      BEGIN
        IF (to_jsonb(NEW) - 'actor_id') IS DISTINCT FROM (to_jsonb(OLD) - 'actor_id') THEN
          RAISE EXCEPTION 'audit_logs rows cannot be changed';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
    this.schema.raw(
      'CREATE TRIGGER audit_logs_append_only BEFORE UPDATE ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()'
    )
  }

  async down() {
    this.schema.dropTable('audit_logs')
    this.schema.raw('DROP FUNCTION IF EXISTS audit_logs_append_only()')
  }
}
