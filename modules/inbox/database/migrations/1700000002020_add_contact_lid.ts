import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * WhatsApp's privacy identity (LID) of a contact. A person first seen by LID
 * only is stored under the LID; once their number is learnt the same row
 * takes the number (or is merged into the contact that already has it).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('contacts', (t) => {
      t.string('lid', 100).nullable()
    })
    this.schema.raw('CREATE UNIQUE INDEX contacts_company_lid ON contacts (company_id, lid) WHERE lid IS NOT NULL')
  }

  async down() {
    this.schema.alterTable('contacts', (t) => {
      t.dropColumn('lid')
    })
  }
}
