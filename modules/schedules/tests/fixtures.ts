/** Schedules test fixtures: contacts (a row of the inbox's table, as other modules' tests do) and schedules. */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Company } from '#core/models'
import { tenancy } from '#core/tenancy'
import { uid, type TenantWorld } from '#tests/helpers/world'
import Schedule from '../models/schedule.js'

export async function aContact(company: Company, name = `Contato ${uid()}`, channel = 'api') {
  const number = String(5511900000000 + Math.floor(Math.random() * 99_999_999))
  const [row] = await db
    .table('contacts')
    .insert({ company_id: company.id, name, number, channel })
    .returning(['id', 'number'])
  return { id: Number(row.id), number: String(row.number), name }
}

/** A schedule written directly (no job): an hour ahead unless told otherwise. */
export async function aSchedule(o: TenantWorld, fields: Partial<Schedule> = {}, body = `Lembrete ${uid()}`) {
  const contact = await aContact(o.company)
  return tenancy.run(o.company.id, () =>
    Schedule.create({
      body,
      contactId: contact.id,
      contactName: contact.name,
      sendAt: DateTime.now().plus({ hours: 1 }),
      status: 'PENDENTE',
      userId: o.admin.id,
      openTicket: 'disabled',
      statusTicket: 'closed',
      repeatEvery: 'none',
      repeatCount: 1,
      ...fields,
    })
  )
}
