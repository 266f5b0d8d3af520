/**
 * Isolation cases of every inbox route (tests/functional/isolation.spec.ts
 * runs them): each fixture makes a resource of the owner's company whose
 * marker must never reach another company.
 */
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { dispatchImport } from '../services/contact_import.js'
import { contactExports } from '../services/contact_export.js'
import { marker, seedNote, seedQuickMessage, seedTag, seedTicket, type Case } from './fixtures.js'
import type { TenantWorld } from '#tests/helpers/world'

async function sheet(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('c')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
const newNumber = () => String(5511900000000 + Math.floor(Math.random() * 99_999_999))

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

export default [
  {
    route: 'GET /tickets',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { qs: { status: 'pending', showAll: 'true', searchParam: s.marker }, marker: s.marker }
    },
  },
  {
    route: 'GET /tickets/u/:uuid',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { uuid: s.ticketUuid }, marker: s.marker }
    },
  },
  {
    route: 'GET /tickets/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.ticketId }, marker: s.marker }
    },
  },
  {
    route: 'POST /tickets',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o, 'closed')
      return { body: { contactId: s.contactId, whatsappId: s.whatsappId, queueId: s.queueId }, marker: s.marker }
    },
  },
  {
    route: 'PUT /tickets/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.ticketId }, body: { status: 'open' }, marker: s.marker }
    },
  },
  {
    route: 'DELETE /tickets/:id',
    access: 'admin',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.ticketId }, marker: s.marker }
    },
  },
  {
    route: 'POST /tickets/closeAll',
    access: 'admin',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { body: { status: 'pending', selectedQueueIds: [s.queueId] }, marker: s.marker }
    },
  },
  {
    route: 'GET /tickets-log/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.ticketId }, marker: s.marker }
    },
  },
  {
    route: 'GET /messages-search',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { qs: { searchParam: s.marker }, marker: s.marker }
    },
  },
  {
    route: 'GET /messages-allMe',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { qs: { fromMe: 'true' }, marker: s.marker }
    },
  },
  {
    route: 'GET /messages/:ticketId',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { ticketId: s.ticketId }, marker: s.marker }
    },
  },
  {
    route: 'POST /messages/:ticketId',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o, 'open', o.admin.id)
      return { params: { ticketId: s.ticketId }, body: { body: 'private note', isPrivate: true }, marker: s.marker }
    },
  },
  {
    route: 'POST /messages/edit/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o, 'open', o.admin.id)
      return { params: { id: s.messageId }, body: { body: 'edited text' }, marker: s.marker }
    },
  },
  {
    route: 'POST /messages/:id/reaction',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o, 'open', o.admin.id)
      return { params: { id: s.messageId }, body: { emoji: '👍' }, marker: s.marker }
    },
  },
  {
    route: 'DELETE /messages/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o, 'open', o.admin.id)
      return { params: { id: s.messageId }, marker: s.marker }
    },
  },
  {
    route: 'POST /message/forward',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o, 'open', o.admin.id)
      const target = await seedTicket(o, 'closed')
      return { body: { messageId: s.messageId, contactId: target.contactId }, marker: s.marker }
    },
  },
  {
    route: 'GET /ticket-notes/list',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      await seedNote(o, s)
      return { qs: { ticketId: s.ticketId, contactId: s.contactId }, marker: s.marker }
    },
  },
  {
    route: 'POST /ticket-notes',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { body: { note: 'a note', ticketId: s.ticketId, contactId: s.contactId }, marker: s.marker }
    },
  },
  {
    route: 'DELETE /ticket-notes/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: await seedNote(o, s) }, marker: s.marker }
    },
  },
  {
    route: 'GET /contacts',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { qs: { searchParam: 'contact' }, marker: s.marker }
    },
  },
  {
    route: 'GET /contacts/list',
    access: 'user',
    fixture: async (o) => ({ marker: (await seedTicket(o)).marker }),
  },
  {
    route: 'POST /contacts/exports',
    // import and export: admins only (spec 2 §6, contacts-page:deleteContact)
    access: 'admin',
    ok: 202,
    fixture: async (o) => {
      await seedTicket(o)
      return {}
    },
  },
  {
    route: 'GET /contacts/exports/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: await ownersExport(o, false) } }),
  },
  {
    route: 'GET /contacts/exports/:id/file',
    access: 'admin',
    ok: 200,
    fixture: async (o) => ({ params: { id: await ownersExport(o, true) } }),
  },
  {
    route: 'POST /contacts/upload',
    // import and export: admins only (spec 2 §6, contacts-page:deleteContact)
    access: 'admin',
    fixture: async () => ({
      qs: { wait: 0 },
      files: {
        file: {
          name: 'c.xlsx',
          content: await sheet([
            ['name', 'number'],
            ['Upload', newNumber()],
          ]),
        },
      },
    }),
  },
  {
    route: 'POST /contacts/import/chats',
    // import and export: admins only (spec 2 §6, contacts-page:deleteContact)
    access: 'admin',
    cross: 'deny',
    fixture: async (o) => {
      const mk = marker()
      const w = await tenancy.run(o.company.id, () =>
        Whatsapp.create({ name: `WA ${mk}`, channel: 'whatsapp', status: 'CONNECTED', settings: {} } as any)
      )
      await db
        .table('wa_chats')
        .insert({ whatsapp_id: w.id, company_id: o.company.id, jid: `${newNumber()}@s.whatsapp.net`, name: mk })
      return { body: { whatsappId: w.id }, marker: mk }
    },
  },
  {
    route: 'POST /contacts/import',
    // import and export: admins only (spec 2 §6, contacts-page:deleteContact)
    access: 'admin',
    fixture: async () => ({
      qs: { wait: 0 },
      files: {
        file: {
          name: 'c.xlsx',
          content: await sheet([
            ['nome', 'numero'],
            ['Import', newNumber()],
          ]),
        },
      },
    }),
  },
  {
    route: 'GET /contacts/import/:id',
    access: 'admin',
    fixture: async (o) => ({
      // an import of the owner's company (its file is gone: it ends failed if a worker takes it)
      params: {
        id: await dispatchImport({
          companyId: o.company.id,
          userId: o.admin.id,
          key: `c${o.company.id}/contact-imports/missing.xlsx`,
          ext: 'xlsx',
        }),
      },
    }),
  },
  {
    route: 'POST /contactsImport',
    // import and export: admins only (spec 2 §6, contacts-page:deleteContact)
    access: 'admin',
    fixture: async () => ({ body: { contacts: [{ name: 'Rows', number: newNumber() }] } }),
  },
  {
    route: 'GET /contacts/profile/:number',
    access: 'user',
    // an unknown number answers { contactId: 0 } by design: the check is that nothing of the owner leaks
    cross: 'filter',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { number: s.number }, marker: s.marker }
    },
  },
  {
    route: 'GET /contacts/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.contactId }, marker: s.marker }
    },
  },
  {
    route: 'POST /contacts',
    access: 'user',
    fixture: async () => ({
      body: { name: 'New Contact', number: String(5511900000000 + Math.floor(Math.random() * 99999999)) },
    }),
  },
  {
    route: 'PUT /contacts/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.contactId }, body: { name: 'Renamed' }, marker: s.marker }
    },
  },
  {
    route: 'PUT /contacts/toggleDisableBot/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.contactId }, marker: s.marker }
    },
  },
  {
    route: 'PUT /contacts/toggleAcceptAudio/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.contactId }, marker: s.marker }
    },
  },
  {
    route: 'PUT /contacts/block/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.contactId }, body: { active: false }, marker: s.marker }
    },
  },
  {
    route: 'DELETE /contacts/:id',
    access: 'admin',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { id: s.contactId }, marker: s.marker }
    },
  },
  {
    route: 'GET /contactTags/:contactId',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      return { params: { contactId: s.contactId }, marker: s.marker }
    },
  },
  {
    route: 'GET /tags',
    access: 'user',
    fixture: async (o) => ({ marker: (await seedTag(o)).marker }),
  },
  {
    route: 'GET /tags/list',
    access: 'user',
    fixture: async (o) => ({ marker: (await seedTag(o)).marker }),
  },
  {
    route: 'GET /tags/kanban',
    access: 'user',
    fixture: async (o) => ({ marker: (await seedTag(o, 1)).marker }),
  },
  {
    route: 'POST /tags/sync',
    access: 'user',
    fixture: async (o) => {
      const s = await seedTicket(o)
      const tag = await seedTag(o)
      return { body: { contactId: s.contactId, tags: [{ id: tag.id }] }, marker: tag.marker }
    },
  },
  {
    route: 'GET /tags/:id',
    access: 'user',
    fixture: async (o) => {
      const t = await seedTag(o)
      return { params: { id: t.id }, marker: t.marker }
    },
  },
  {
    route: 'POST /tags',
    access: 'user',
    fixture: async () => ({ body: { name: `tag ${marker()}` } }),
  },
  {
    route: 'PUT /tags/:id',
    access: 'user',
    fixture: async (o) => {
      const t = await seedTag(o)
      return { params: { id: t.id }, body: { color: '#abcdef' }, marker: t.marker }
    },
  },
  {
    route: 'DELETE /tags/:id',
    access: 'user',
    fixture: async (o) => {
      const t = await seedTag(o)
      return { params: { id: t.id }, marker: t.marker }
    },
  },
  {
    route: 'GET /quick-messages',
    access: 'user',
    fixture: async (o) => ({ marker: (await seedQuickMessage(o)).marker }),
  },
  {
    route: 'GET /quick-messages/list',
    access: 'user',
    fixture: async (o) => ({ marker: (await seedQuickMessage(o)).marker }),
  },
  {
    route: 'GET /quick-messages/:id',
    access: 'user',
    fixture: async (o) => {
      const q = await seedQuickMessage(o)
      return { params: { id: q.id }, marker: q.marker }
    },
  },
  {
    route: 'POST /quick-messages',
    access: 'user',
    fixture: async () => ({ body: { shortcode: 'hello', message: 'Olá!' } }),
  },
  {
    route: 'PUT /quick-messages/:id',
    access: 'user',
    fixture: async (o) => {
      const q = await seedQuickMessage(o)
      return { params: { id: q.id }, body: { message: 'changed' }, marker: q.marker }
    },
  },
  {
    route: 'DELETE /quick-messages/:id',
    access: 'user',
    fixture: async (o) => {
      const q = await seedQuickMessage(o)
      return { params: { id: q.id }, marker: q.marker }
    },
  },
  {
    route: 'POST /quick-messages/:id/media-upload',
    access: 'user',
    fixture: async (o) => {
      const q = await seedQuickMessage(o)
      return {
        params: { id: q.id },
        files: { file: { name: 'pic.png', content: png } },
        body: { typeArch: 'quickMessage' },
        marker: q.marker,
      }
    },
  },
  {
    route: 'DELETE /quick-messages/:id/media-upload',
    access: 'user',
    fixture: async (o) => {
      const q = await seedQuickMessage(o)
      return { params: { id: q.id }, marker: q.marker }
    },
  },
] satisfies Case[]

/** A contacts export asked by the owner's admin (the rightful caller), finished when asked. */
async function ownersExport(o: TenantWorld, finished: boolean) {
  await seedTicket(o)
  const exportId = await contactExports().start({ companyId: o.company.id, userId: o.admin.id }, { mask: false })
  // the file, written by the job's code here: the suite runs no workers
  if (finished) await contactExports().run(exportId)
  return exportId
}
