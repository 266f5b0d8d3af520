import { defineIsolationCases } from '#tests/helpers/isolation'
import { createConnection } from '#tests/helpers/inbox'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import ContactList from '../models/contact_list.js'
import ContactListItem from '../models/contact_list_item.js'
import Campaign from '../models/campaign.js'
import { reportExports } from '../services/report_export.js'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
const aList = (o: TenantWorld, marker = `List ${uid()}`) =>
  tenancy.run(o.company.id, () => ContactList.create({ name: marker }))
const anItem = async (o: TenantWorld, marker = `Item ${uid()}`) => {
  const list = await aList(o)
  return tenancy.run(o.company.id, () =>
    ContactListItem.create({
      contactListId: list.id,
      name: marker,
      number: `55119${Date.now() % 1e8}${Math.floor(Math.random() * 100)}`,
    })
  )
}
const aCampaign = async (o: TenantWorld, fields: Partial<Campaign> = {}, marker = `Camp ${uid()}`) => {
  const list = await aList(o)
  const conn = await createConnection(o.company)
  return tenancy.run(o.company.id, () =>
    Campaign.create({
      name: marker,
      status: 'INATIVA',
      message1: 'Olá {nome}',
      contactListId: list.id,
      whatsappId: String(conn.id),
      ...fields,
    })
  )
}

// reads: any user of the company; writes: admins (item delete is contacts-page:deleteContact)
export default defineIsolationCases([
  {
    route: 'GET /contact-lists',
    access: 'user',
    fixture: async (o) => {
      const marker = `List ${uid()}`
      await aList(o, marker)
      return { marker }
    },
  },
  {
    route: 'GET /contact-lists/list',
    access: 'user',
    fixture: async (o) => {
      const marker = `List ${uid()}`
      await aList(o, marker)
      return { marker }
    },
  },
  { route: 'GET /contact-lists/:id', access: 'user', fixture: async (o) => ({ params: { id: (await aList(o)).id } }) },
  { route: 'POST /contact-lists', access: 'admin', ok: 201, fixture: async () => ({ body: { name: 'Nova lista' } }) },
  {
    route: 'PUT /contact-lists/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aList(o)).id }, body: { name: 'Renomeada' } }),
  },
  {
    route: 'DELETE /contact-lists/:id',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aList(o)).id } }),
  },
  {
    route: 'POST /contact-lists/:id/upload',
    access: 'admin',
    ok: 202,
    fixture: async (o) => ({
      params: { id: (await aList(o)).id },
      files: { file: { name: 'contatos.csv', content: Buffer.from('nome,numero\nAna,5511900000001\n') } },
    }),
  },
  {
    route: 'GET /contact-list-items',
    access: 'user',
    cross: 'deny',
    fixture: async (o) => {
      const marker = `Item ${uid()}`
      const item = await anItem(o, marker)
      return { qs: { contactListId: item.contactListId }, marker }
    },
  },
  {
    route: 'GET /contact-list-items/:id',
    access: 'user',
    fixture: async (o) => ({ params: { id: (await anItem(o)).id } }),
  },
  {
    route: 'POST /contact-list-items',
    access: 'admin',
    cross: 'deny',
    ok: 201,
    fixture: async (o) => ({ body: { name: 'Novo', number: '5511987654321', contactListId: (await aList(o)).id } }),
  },
  {
    route: 'PUT /contact-list-items/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await anItem(o)).id }, body: { name: 'Trocado' } }),
  },
  {
    route: 'DELETE /contact-list-items/:id',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await anItem(o)).id } }),
  },
  {
    route: 'GET /campaign-settings',
    access: 'user',
    fixture: async (o) => {
      const marker = `var${uid().replace(/-/g, '')}`
      await tenancy.run(o.company.id, async () => {
        const { saveSettings } = await import('../services/campaign_settings.js')
        await saveSettings({ variables: [{ key: marker, value: marker }] })
      })
      return { marker }
    },
  },
  { route: 'POST /campaign-settings', access: 'admin', fixture: async () => ({ body: { messageInterval: 30 } }) },
  {
    route: 'GET /campaigns',
    access: 'user',
    fixture: async (o) => {
      const marker = `Camp ${uid()}`
      await aCampaign(o, {}, marker)
      return { marker }
    },
  },
  { route: 'GET /campaigns/:id', access: 'user', fixture: async (o) => ({ params: { id: (await aCampaign(o)).id } }) },
  {
    route: 'POST /campaigns/:id/exports',
    access: 'admin',
    ok: 202,
    fixture: async (o) => ({ params: { id: (await aCampaign(o)).id }, body: { lang: 'en' } }),
  },
  {
    route: 'GET /campaigns/:id/exports/:exportId',
    access: 'admin',
    fixture: async (o) => ({ params: await ownersExport(o, false) }),
  },
  {
    route: 'GET /campaigns/:id/exports/:exportId/file',
    access: 'admin',
    ok: 200,
    fixture: async (o) => ({ params: await ownersExport(o, true) }),
  },
  {
    route: 'POST /campaigns',
    access: 'admin',
    cross: 'deny',
    ok: 201,
    // the owner's list: another company may not point a campaign at it
    fixture: async (o) => ({ body: { name: 'Black Friday', message1: 'Oi', contactListId: (await aList(o)).id } }),
  },
  {
    route: 'PUT /campaigns/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aCampaign(o)).id }, body: { name: 'Renomeada' } }),
  },
  {
    route: 'DELETE /campaigns/:id',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aCampaign(o)).id } }),
  },
  {
    route: 'POST /campaigns/:id/media-upload',
    access: 'admin',
    fixture: async (o) => ({
      params: { id: (await aCampaign(o)).id },
      files: { file: { name: 'oferta.png', content: PNG } },
    }),
  },
  {
    route: 'DELETE /campaigns/:id/media-upload',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aCampaign(o)).id } }),
  },
  {
    route: 'POST /campaigns/:id/cancel',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aCampaign(o, { status: 'EM_ANDAMENTO' })).id } }),
  },
  {
    route: 'POST /campaigns/:id/restart',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aCampaign(o, { status: 'CANCELADA' })).id } }),
  },
])

/** A report export asked by the owner's admin (the rightful caller), finished when asked. */
async function ownersExport(o: TenantWorld, finished: boolean) {
  const campaign = await aCampaign(o)
  const exportId = await reportExports().start(
    { companyId: o.company.id, userId: o.admin.id },
    { campaignId: campaign.id, lang: 'pt', zone: 'America/Sao_Paulo' }
  )
  // the file, written by the job's code here: the suite runs no workers
  if (finished) await reportExports().run(exportId)
  return { id: campaign.id, exportId }
}
