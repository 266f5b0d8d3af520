/**
 * Deletions and exports of the plugin modules are in the audit log (issue 24 item 3):
 * each DELETE over real HTTP leaves exactly one row, written in the deletion's transaction.
 */
import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#core/http'
import { createTenant, createUser, superSession, uid } from '#tests/helpers/world'
import { createQueue } from '#tests/helpers/inbox'
import { rowsOf } from './helpers.js'

const UA = 'AuditDeletions/1.0'

/** The one row of `action` for `entityId`, checked against who did it and for which company. */
async function onlyRow(
  assert: Assert,
  companyId: number | null,
  action: string,
  entityId: number | string,
  actor: { id: number; email: string }
) {
  const rows = await rowsOf(companyId, action).where('entity_id', String(entityId))
  assert.lengthOf(rows, 1, `${action} ${entityId}: exactly one row`)
  const [row] = rows
  assert.equal(row.action, action)
  assert.equal(row.entity, action.split('.')[0])
  assert.equal(row.entity_id, String(entityId))
  assert.equal(row.company_id, companyId)
  assert.equal(row.actor_id, actor.id)
  assert.equal(row.actor_email, actor.email)
  return row
}

test.group('audit log: deletions and exports of the modules', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('inbox: tags and quick replies', async ({ client, assert }) => {
    const { company, admin, adminToken } = await createTenant()
    const tag = await client
      .post('/tags')
      .bearerToken(adminToken)
      .json({ name: `Tag ${uid()}`, color: '#112233' })
    tag.assertStatus(201)
    const quick = await client
      .post('/quick-messages')
      .bearerToken(adminToken)
      .json({ shortcode: `oi-${uid()}`, message: 'Olá, tudo bem?' })
    quick.assertStatus(201)

    ;(await client.delete(`/tags/${tag.body().id}`).bearerToken(adminToken).header('user-agent', UA)).assertStatus(200)
    ;(await client.delete(`/quick-messages/${quick.body().id}`).bearerToken(adminToken)).assertStatus(200)

    const t = await onlyRow(assert, company.id, 'tag.delete', tag.body().id, admin)
    assert.equal(t.before.name, tag.body().name)
    assert.equal(t.user_agent, UA)
    const q = await onlyRow(assert, company.id, 'quick_message.delete', quick.body().id, admin)
    assert.equal(q.before.shortcode, quick.body().shortcode)
    // the record is gone
    ;(await client.get(`/tags/${tag.body().id}`).bearerToken(adminToken)).assertStatus(404)
  })

  test('campaigns: campaign, contact list and its item; the campaign report export', async ({ client, assert }) => {
    const { company, admin, adminToken } = await createTenant()
    const campaign = await client
      .post('/campaigns')
      .bearerToken(adminToken)
      .json({ name: `Campanha ${uid()}`, message1: 'Oi {nome}' })
    campaign.assertStatus(201)
    const list = await client
      .post('/contact-lists')
      .bearerToken(adminToken)
      .json({ name: `Lista ${uid()}` })
    list.assertStatus(201)
    const item = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ contactListId: list.body().id, name: 'Fulano', number: '5511977776666' })
    item.assertStatus(201)

    ;(await client.post(`/campaigns/${campaign.body().id}/exports`).bearerToken(adminToken).json({})).assertStatus(202)
    const exported = await onlyRow(assert, company.id, 'campaign.export', campaign.body().id, admin)
    assert.equal(exported.details.name, campaign.body().name)

    ;(await client.delete(`/contact-list-items/${item.body().id}`).bearerToken(adminToken)).assertStatus(204)
    ;(await client.delete(`/contact-lists/${list.body().id}`).bearerToken(adminToken)).assertStatus(204)
    ;(await client.delete(`/campaigns/${campaign.body().id}`).bearerToken(adminToken)).assertStatus(204)

    const i = await onlyRow(assert, company.id, 'contact_list_item.delete', item.body().id, admin)
    assert.equal(i.before.contactListId, list.body().id)
    const l = await onlyRow(assert, company.id, 'contact_list.delete', list.body().id, admin)
    assert.equal(l.before.name, list.body().name)
    const c = await onlyRow(assert, company.id, 'campaign.delete', campaign.body().id, admin)
    assert.equal(c.before.name, campaign.body().name)
  })

  test('bots: prompt, queue integration, file list and chatbot option; keys never stored', async ({
    client,
    assert,
  }) => {
    const { company, admin, adminToken } = await createTenant()
    const queue = await createQueue(company)
    const prompt = await client.post('/prompt').bearerToken(adminToken).json({
      name: 'Assistente',
      prompt: 'Você é um atendente cordial da loja, responda com educação.',
      apiKey: 'sk-live-secret-4242',
      queueId: queue.id,
    })
    prompt.assertStatus(201)
    const integration = await client.post('/queueIntegration').bearerToken(adminToken).json({
      type: 'webhook',
      name: 'Meu webhook',
      urlN8N: 'https://hooks.example.test/in?token=url-token-777',
      secret: 'segredo-de-assinatura-123',
    })
    integration.assertStatus(201)
    const files = await client
      .post('/files')
      .bearerToken(adminToken)
      .json({ name: 'Catálogo', message: 'Segue o catálogo', options: [{ name: 'Preços' }] })
    files.assertStatus(201)
    const option = await client.post('/chatbot').bearerToken(adminToken).json({ queueId: queue.id, name: 'Opção 1' })
    option.assertStatus(201)

    ;(await client.delete(`/prompt/${prompt.body().id}`).bearerToken(adminToken)).assertStatus(200)
    ;(await client.delete(`/queueIntegration/${integration.body().id}`).bearerToken(adminToken)).assertStatus(200)
    ;(await client.delete(`/files/${files.body().id}`).bearerToken(adminToken)).assertStatus(200)
    ;(await client.delete(`/chatbot/${option.body().id}`).bearerToken(adminToken)).assertStatus(204)

    const p = await onlyRow(assert, company.id, 'prompt.delete', prompt.body().id, admin)
    assert.equal(p.before.name, 'Assistente')
    const n = await onlyRow(assert, company.id, 'integration.delete', integration.body().id, admin)
    assert.deepEqual(n.before, { name: 'Meu webhook', type: 'webhook' })
    const f = await onlyRow(assert, company.id, 'file_list.delete', files.body().id, admin)
    assert.deepEqual(f.before, { name: 'Catálogo', options: 1 })
    const o = await onlyRow(assert, company.id, 'chatbot.delete', option.body().id, admin)
    assert.equal(o.before.queueId, queue.id)
    const all = JSON.stringify(await rowsOf(company.id))
    for (const secret of ['sk-live-secret-4242', 'url-token-777', 'segredo-de-assinatura-123']) {
      assert.notInclude(all, secret)
    }
  })

  test('schedules, internal chats and messaging-api webhooks', async ({ client, assert }) => {
    const { company, admin, adminToken } = await createTenant()
    const [contact] = await db
      .table('contacts')
      .insert({ company_id: company.id, name: 'Maria', number: '5511966665555', channel: 'api' })
      .returning(['id'])
    const schedule = await client
      .post('/schedules')
      .bearerToken(adminToken)
      .json({
        body: 'Lembrete da consulta',
        contactId: Number(contact.id),
        sendAt: new Date(Date.now() + 90 * 60_000).toISOString(),
      })
    schedule.assertStatus(201)
    const { user: other } = await createUser(company)
    const chat = await client
      .post('/chats')
      .bearerToken(adminToken)
      .json({ title: 'Plantão', users: [{ id: other.id }] })
    chat.assertStatus(201)
    const hook = await client
      .post('/messages-api/webhooks')
      .bearerToken(adminToken)
      .json({ url: 'https://receiver.example.test/hook?token=hook-token-555', events: ['ticket.closed'] })
    hook.assertStatus(201)

    ;(await client.delete(`/schedules/${schedule.body().id}`).bearerToken(adminToken)).assertStatus(204)
    ;(await client.delete(`/chats/${chat.body().id}`).bearerToken(adminToken)).assertStatus(204)
    ;(await client.delete(`/messages-api/webhooks/${hook.body().id}`).bearerToken(adminToken)).assertStatus(200)

    const s = await onlyRow(assert, company.id, 'schedule.delete', schedule.body().id, admin)
    assert.equal(s.before.contactId, Number(contact.id))
    const c = await onlyRow(assert, company.id, 'chat.delete', chat.body().id, admin)
    assert.equal(c.before.title, 'Plantão')
    const w = await onlyRow(assert, company.id, 'webhook.delete', hook.body().id, admin)
    assert.deepEqual(w.before, {
      url: 'https://receiver.example.test',
      events: ['ticket.closed'],
      active: true,
    })
    assert.notInclude(JSON.stringify(w), 'hook-token-555')
  })

  test('announcements and helps are platform rows of the super user', async ({ client, assert }) => {
    const { user, token } = await superSession()
    const a = await client
      .post('/announcements')
      .bearerToken(token)
      .json({ title: `Aviso ${uid()}`, text: 'Hoje' })
    a.assertStatus(201)
    const h = await client
      .post('/helps')
      .bearerToken(token)
      .json({ title: `Ajuda ${uid()}`, video: 'https://youtu.be/dQw4w9WgXcQ' })
    h.assertStatus(201)
    ;(await client.delete(`/announcements/${a.body().id}`).bearerToken(token)).assertStatus(204)
    ;(await client.delete(`/helps/${h.body().id}`).bearerToken(token)).assertStatus(204)
    const ann = await onlyRow(assert, null, 'announcement.delete', a.body().id, user)
    assert.equal(ann.before.title, a.body().title)
    const help = await onlyRow(assert, null, 'help.delete', h.body().id, user)
    assert.equal(help.before.title, h.body().title)
  })

  test('dashboard report export, with its filters', async ({ client, assert }) => {
    const { company, admin, adminToken } = await createTenant()
    const queue = await createQueue(company)
    ;(
      await client
        .post('/dashboard/exports')
        .bearerToken(adminToken)
        .json({ table: 'calls', format: 'csv', date_from: '2026-01-01', date_to: '2026-01-31', queueId: queue.id })
    ).assertStatus(202)
    const row = await onlyRow(assert, company.id, 'report.export', 'calls', admin)
    assert.deepInclude(row.details, {
      table: 'calls',
      format: 'csv',
      from: '2026-01-01',
      to: '2026-01-31',
      queueId: queue.id,
      userId: null,
    })

    // the attendants table: one row per user of the company, counted when it is asked for
    await createUser(company)
    ;(
      await client.post('/dashboard/exports').bearerToken(adminToken).json({ table: 'attendants', format: 'xlsx' })
    ).assertStatus(202)
    const attendants = await onlyRow(assert, company.id, 'report.export', 'attendants', admin)
    assert.equal(attendants.details.rows, 2)
  })

  test('refused deletions leave no row; a failed audit write keeps the record', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const other = await createTenant()
    const tag = await client
      .post('/tags')
      .bearerToken(adminToken)
      .json({ name: `Tag ${uid()}` })
    tag.assertStatus(201)
    // another company's admin: 404, nothing logged anywhere
    ;(await client.delete(`/tags/${tag.body().id}`).bearerToken(other.adminToken)).assertStatus(404)
    assert.lengthOf(await rowsOf(other.company.id, 'tag.delete'), 0)
    assert.lengthOf(await rowsOf(company.id, 'tag.delete'), 0)

    // the row is part of the deletion's transaction: when it cannot be written, nothing is deleted
    const fn = `audit_refuse_${uid().replace(/-/g, '')}`
    await db.rawQuery(
      `CREATE FUNCTION ${fn}() RETURNS trigger AS $$ BEGIN
         IF NEW.company_id = ${Number(company.id)} THEN RAISE EXCEPTION 'audit write refused'; END IF;
         RETURN NEW;
       END $$ LANGUAGE plpgsql`
    )
    await db.rawQuery(`CREATE TRIGGER ${fn} BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION ${fn}()`)
    try {
      ;(await client.delete(`/tags/${tag.body().id}`).bearerToken(adminToken)).assertStatus(500)
    } finally {
      await db.rawQuery(`DROP TRIGGER ${fn} ON audit_logs`)
      await db.rawQuery(`DROP FUNCTION ${fn}()`)
    }
    ;(await client.get(`/tags/${tag.body().id}`).bearerToken(adminToken)).assertStatus(200)
    ;(await client.delete(`/tags/${tag.body().id}`).bearerToken(adminToken)).assertStatus(200)
    assert.lengthOf(await rowsOf(company.id, 'tag.delete'), 1)
  })
})
