/** A schedule as the API and the realtime events send it (spec 3 §3 fields plus the contact's and user's names). */
import { User } from '#core/models'
import { realtime } from '#core/realtime'
import { getContact } from '#modules/inbox/public/contacts'
import type Schedule from '../models/schedule.js'
import { repeatOf } from './recurrence.js'

export async function scheduleRecords(rows: Schedule[]) {
  const contacts = new Map<number, { id: number; name: string; number: string } | null>()
  const users = new Map<number, { id: number; name: string } | null>()
  for (const r of rows) {
    if (!contacts.has(r.contactId)) {
      const c = await getContact(r.contactId)
      contacts.set(r.contactId, c ? { id: c.id, name: c.name, number: c.number } : null)
    }
    if (r.userId && !users.has(r.userId)) {
      const u = await User.find(r.userId)
      users.set(r.userId, u ? { id: u.id, name: u.name } : null)
    }
  }
  return rows.map((r) => ({
    ...r.serialize(),
    // the rule as the dialog edits it (repeatCount is then the sends left, this one included)
    repeatWeekdays: repeatOf(r).weekdays,
    repeatUntil: repeatOf(r).until,
    // a contact deleted since keeps the name it had
    contact: contacts.get(r.contactId) ?? { id: r.contactId, name: r.contactName, number: '' },
    user: r.userId ? (users.get(r.userId) ?? null) : null,
  }))
}

export async function scheduleRecord(row: Schedule) {
  return (await scheduleRecords([row]))[0]
}

/** company-{id}-schedule: { action, record } or { action: 'delete', id } to the company's users */
export async function emitSchedule(companyId: number, action: 'create' | 'update', row: Schedule) {
  realtime.toCompany(companyId, 'schedule', { action, record: await scheduleRecord(row) })
}

export function emitScheduleDeleted(companyId: number, id: number) {
  realtime.toCompany(companyId, 'schedule', { action: 'delete', id })
}
