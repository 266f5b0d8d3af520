import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where each kanban lane stands on the board (beyond spec 3: lanes are
 * dragged into order on the kanban tags screen). The lanes themselves are the
 * inbox's tags; a lane without a row here comes after the ordered ones, by id.
 * The tag's deletion takes its position with it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('kanban_lane_positions', (t) => {
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE')
      t.integer('position').notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.primary(['company_id', 'tag_id'])
    })
  }

  async down() {
    this.schema.dropTable('kanban_lane_positions')
  }
}
