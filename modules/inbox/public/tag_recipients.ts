/**
 * The contacts that carry a tag, for modules that address them together
 * (campaigns "to a tag"): active, not groups, in the caller's tenancy scope,
 * paged by contact id so a large tag never sits in memory at once.
 */
import { tenantTable } from '#core/tenancy'

export interface TagRecipient {
  contactId: number
  name: string
  number: string
  email: string | null
}

/** Whether the tag is one of the scope's company. */
export async function tagExists(tagId: number): Promise<boolean> {
  return Boolean(await tenantTable('tags').where('id', tagId).first())
}

/** Up to `limit` contacts with the tag whose id is greater than `afterId`, by id. */
export async function contactsWithTag(tagId: number, afterId = 0, limit = 1000): Promise<TagRecipient[]> {
  const rows = await tenantTable('contacts as c')
    .join('contact_tags as ct', 'ct.contact_id', 'c.id')
    .where('ct.tag_id', tagId)
    .where('c.active', true)
    .where('c.is_group', false)
    .where('c.id', '>', afterId)
    .orderBy('c.id')
    .limit(limit)
    .select('c.id', 'c.name', 'c.number', 'c.email')
  return rows.map((r: any) => ({ contactId: Number(r.id), name: r.name, number: r.number, email: r.email }))
}
