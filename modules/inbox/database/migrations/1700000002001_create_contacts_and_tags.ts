import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Contacts, their extra fields and tags. Search runs on an unaccented,
 * lower-cased expression with trigram indexes, so "joão" finds "Joao" and a
 * LIKE '%...%' stays index-backed at any size.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS unaccent')
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    // unaccent() is only STABLE; an IMMUTABLE wrapper with the dictionary named lets indexes use it
    this.schema.raw(`CREATE OR REPLACE FUNCTION inbox_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`)

    this.schema.createTable('contacts', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.string('number', 100).notNullable()
      t.string('email', 255).nullable()
      t.string('url_picture', 500).nullable()
      t.boolean('active').notNullable().defaultTo(true)
      t.boolean('disable_bot').notNullable().defaultTo(false)
      t.boolean('accept_audio_message').notNullable().defaultTo(true)
      t.boolean('is_group').notNullable().defaultTo(false)
      t.string('channel', 20).notNullable().defaultTo('whatsapp')
      t.timestamp('lgpd_accepted_at', { useTz: true }).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'number'])
    })
    this.schema.raw('CREATE INDEX contacts_company_name ON contacts (company_id, name, id)')
    this.schema.raw('CREATE INDEX contacts_name_trgm ON contacts USING gin (lower(inbox_unaccent(name)) gin_trgm_ops)')
    this.schema.raw('CREATE INDEX contacts_number_trgm ON contacts USING gin (number gin_trgm_ops)')

    this.schema.createTable('contact_custom_fields', (t) => {
      t.increments('id')
      t.integer('contact_id').notNullable().references('contacts.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.text('value').notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['contact_id'])
    })

    this.schema.createTable('tags', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.string('color', 9).notNullable()
      t.integer('kanban').notNullable().defaultTo(0)
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'kanban', 'name'])
    })
    this.schema.raw('CREATE UNIQUE INDEX tags_company_name_kanban ON tags (company_id, kanban, lower(name))')

    this.schema.createTable('contact_tags', (t) => {
      t.integer('contact_id').notNullable().references('contacts.id').onDelete('CASCADE')
      t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE')
      t.primary(['contact_id', 'tag_id'])
      t.index(['tag_id'])
    })
  }

  async down() {
    this.schema.dropTable('contact_tags')
    this.schema.dropTable('tags')
    this.schema.dropTable('contact_custom_fields')
    this.schema.dropTable('contacts')
  }
}
