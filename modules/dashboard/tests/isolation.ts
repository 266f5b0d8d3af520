import { defineIsolationCases } from '#tests/helpers/isolation'
import type { TenantWorld } from '#tests/helpers/world'
import { createUser, uid } from '#tests/helpers/world'
import { tableExports } from '../stats/export.js'
import { aTicket, track } from './fixtures.js'

const today = () => new Date().toISOString()

/** A named agent of the owner with one tracked session today: the name must never reach another company. */
async function agentWithSession(owner: TenantWorld) {
  const marker = `Agent ${uid()}`
  const { user } = await createUser(owner.company, { name: marker } as any)
  await track(owner.company, [
    { status: 'pending', at: today() },
    { status: 'open', userId: user.id, at: today() },
  ])
  return marker
}

export default defineIsolationCases([
  {
    route: 'GET /dashboard',
    access: 'admin',
    cross: 'filter',
    fixture: async (owner) => ({ qs: { days: 2 }, marker: await agentWithSession(owner) }),
  },
  {
    route: 'GET /dashboard/ticketsUsers',
    access: 'admin',
    cross: 'filter',
    // the owner's company id in the query must not matter (the products' bug)
    fixture: async (owner) => ({ qs: { companyId: owner.company.id }, marker: await agentWithSession(owner) }),
  },
  {
    route: 'GET /dashboard/ticketsDay',
    access: 'admin',
    cross: 'filter',
    fixture: async (owner) => {
      await agentWithSession(owner)
      return { qs: { companyId: owner.company.id } }
    },
  },
  {
    route: 'GET /dashboard/moments',
    access: 'user',
    cross: 'filter',
    fixture: async (owner) => {
      const marker = `Moment ${uid()}`
      await aTicket(owner.company, { contactName: marker, status: 'open', userId: owner.admin.id })
      return { marker }
    },
  },
  {
    route: 'GET /usersMoments',
    access: 'user',
    cross: 'filter',
    fixture: async (owner) => {
      const marker = `Moment ${uid()}`
      await aTicket(owner.company, { contactName: marker, status: 'pending' })
      return { marker }
    },
  },
  {
    route: 'GET /dashboard/reports',
    access: 'admin',
    cross: 'filter',
    fixture: async (owner) => {
      const marker = `Report ${uid()}`
      const ticket = await aTicket(owner.company, { contactName: marker, status: 'pending' })
      return { qs: { kind: 'calls', companyId: owner.company.id, ticketId: ticket.id }, marker }
    },
  },
  {
    route: 'POST /dashboard/exports',
    access: 'admin',
    cross: 'filter',
    ok: 202,
    // the file is another company's own (reports.spec.ts reads it); the answer carries only the export's id
    fixture: async (owner) => {
      const marker = `Export ${uid()}`
      await aTicket(owner.company, { contactName: marker, status: 'pending' })
      return { body: { table: 'calls', format: 'csv', companyId: owner.company.id }, marker }
    },
  },
  {
    route: 'GET /dashboard/exports/:exportId',
    access: 'admin',
    fixture: async (owner) => ({ params: { exportId: await ownersExport(owner, false) } }),
  },
  {
    route: 'GET /dashboard/exports/:exportId/file',
    access: 'admin',
    ok: 200,
    fixture: async (owner) => ({ params: { exportId: await ownersExport(owner, true) } }),
  },
  { route: 'POST /dashboard/backfill', access: 'admin', cross: 'filter', ok: 202, fixture: async () => ({}) },
  { route: 'GET /dashboard/backfill', access: 'admin', cross: 'filter', fixture: async () => ({}) },
])

/** An export of the owner's calls report by its admin; finished: the file written (the suite runs no workers). */
async function ownersExport(owner: TenantWorld, finished: boolean) {
  await aTicket(owner.company, { contactName: `Export ${uid()}`, status: 'pending' })
  const day = new Date().toISOString().slice(0, 10)
  const exportId = await tableExports().start(
    { companyId: owner.company.id, userId: owner.admin.id },
    {
      table: 'calls',
      format: 'csv',
      lang: 'pt',
      fromDay: day,
      toDay: day,
      zone: 'UTC',
      timesZone: 'UTC',
      queueId: null,
      userId: null,
      whatsappId: null,
    }
  )
  if (finished) await tableExports().run(exportId)
  return exportId
}
