import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import { Queue } from '#core/models'
import Chatbot from '../chatbot.js'

const aQueue = (o: TenantWorld, name = `Fila ${uid()}`) =>
  tenancy.run(o.company.id, () => Queue.create({ name, color: `#${uid().slice(0, 6)}`, greetingMessage: 'Olá' }))

const anOption = async (o: TenantWorld) => {
  const queue = await aQueue(o)
  const option = await tenancy.run(o.company.id, () =>
    Chatbot.create({ queueId: queue.id, name: `Opção ${uid()}`, queueType: 'text', closeTicket: false })
  )
  return option
}

export default defineIsolationCases([
  {
    route: 'GET /queue',
    access: 'user',
    fixture: async (o) => {
      const marker = `Marker ${uid()}`
      await aQueue(o, marker)
      return { marker }
    },
  },
  {
    route: 'GET /queue/:id',
    access: 'user',
    fixture: async (o) => {
      const marker = `Marker ${uid()}`
      return { params: { id: (await aQueue(o, marker)).id }, marker }
    },
  },
  {
    route: 'POST /queue',
    access: 'admin',
    ok: 201,
    fixture: async () => ({ body: { name: `Nova ${uid()}`, color: `#${uid().slice(0, 6)}`, greetingMessage: 'Oi' } }),
  },
  {
    route: 'PUT /queue/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aQueue(o)).id }, body: { name: 'Renomeada' } }),
  },
  {
    route: 'DELETE /queue/:id',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aQueue(o)).id } }),
  },
  {
    route: 'GET /chatbot/:id',
    access: 'user',
    fixture: async (o) => {
      const option = await anOption(o)
      return { params: { id: option.id }, marker: option.name }
    },
  },
  {
    route: 'POST /chatbot',
    access: 'admin',
    ok: 201,
    cross: 'deny',
    fixture: async (o) => ({ body: { queueId: (await aQueue(o)).id, name: 'Financeiro' } }),
  },
  {
    route: 'PUT /chatbot/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await anOption(o)).id }, body: { name: 'Suporte técnico' } }),
  },
  {
    route: 'DELETE /chatbot/:id',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await anOption(o)).id } }),
  },
])
