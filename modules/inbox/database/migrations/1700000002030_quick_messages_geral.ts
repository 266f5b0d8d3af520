import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * geral becomes the one visible-to-all flag of a quick reply (spec 3 §6);
 * it used to be visao. Each reply keeps who could see it.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.rawQuery('UPDATE quick_messages SET geral = visao WHERE geral IS DISTINCT FROM visao')
    })
  }

  async down() {}
}
