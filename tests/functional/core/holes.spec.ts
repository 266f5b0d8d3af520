/**
 * Issue 12 §6, the smaller holes: one test each, every one failing on the code
 * before the fix.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#services/rate_limiter'
import { storage, safeFileName } from '#core/storage'
import { PASSWORD, createPlan, createTenant, createUser, setPlanFlags, uid } from '#tests/helpers/world'
import { outbox } from '#core/pipeline'
import {
  createConnection,
  inboxWorld,
  ingest,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitFor,
  waitProcessed,
} from '#tests/helpers/inbox'
import type { InboxWorld } from '#tests/helpers/inbox'

function refreshCookie(response: any): string {
  const raw = ([] as string[]).concat(response.headers()['set-cookie'] ?? [])
  const cookie = raw.find((c) => c.startsWith('brt='))
  return cookie ? cookie.split(';')[0] : ''
}

async function openTicket(w: InboxWorld) {
  const number = rand()
  await ingest(w, message(w.whatsapp.id, number, 'oi'))
  await waitProcessed(w.company.id)
  const c = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
  const t = await db.from('tickets').where({ contact_id: c.id }).firstOrFail()
  await db.from('tickets').where('id', t.id).update({ status: 'open', user_id: w.admin.id, queue_id: w.queue.id })
  return t
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64'
)

const signup = (planId: number) => ({
  name: 'Owner',
  companyName: `Shop ${uid()}`,
  email: `owner-${uid()}@example.test`,
  password: 'pass-123',
  phone: '5511999998888',
  planId,
})

test.group('smaller holes (issue 12 §6)', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('sign-up only takes a plan offered on the sign-up page', async ({ client, assert }) => {
    const hidden = await createPlan({ isPublic: false, users: 9999, connections: 9999 } as any)
    const listed = await client.get('/plans/list')
    assert.notInclude(
      listed.body().map((p: any) => p.id),
      hidden.id
    )
    const refused = await client.post('/auth/signup').json(signup(hidden.id))
    refused.assertStatus(422)
    refused.assertBodyContains({ error: 'ERR_NO_PLAN_FOUND' })
    assert.isNull(await db.from('companies').where('plan_id', hidden.id).first())

    const open = await createPlan({ isPublic: true } as any)
    ;(await client.post('/auth/signup').json(signup(open.id))).assertStatus(201)
  })

  test('changing one’s own password needs the current one; an admin resetting another user’s does not', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const { user, token } = await createUser(company)
    const missing = await client.put(`/users/${user.id}`).bearerToken(token).json({ password: 'taken-over' })
    missing.assertStatus(422)
    missing.assertBodyContains({ error: 'ERR_WRONG_PASSWORD' })
    const wrong = await client
      .put(`/users/${user.id}`)
      .bearerToken(token)
      .json({ password: 'taken-over', currentPassword: 'not-it-1' })
    wrong.assertStatus(422)
    wrong.assertBodyContains({ error: 'ERR_WRONG_PASSWORD' })
    ;(await client.post('/auth/login').json({ email: user.email, password: 'taken-over' })).assertStatus(401)

    // other fields need no password
    ;(await client.put(`/users/${user.id}`).bearerToken(token).json({ name: 'Renamed' })).assertStatus(200)
    const ok = await client
      .put(`/users/${user.id}`)
      .bearerToken(token)
      .json({ password: 'new-pass-1', currentPassword: PASSWORD })
    ok.assertStatus(200)
    ;(await client.post('/auth/login').json({ email: user.email, password: 'new-pass-1' })).assertStatus(200)

    // the admin resets the attendant's password without knowing it
    ;(await client.put(`/users/${user.id}`).bearerToken(adminToken).json({ password: 'reset-by-1' })).assertStatus(200)
    ;(await client.post('/auth/login').json({ email: user.email, password: 'reset-by-1' })).assertStatus(200)
    assert.isTrue(true)
  })

  test('the refresh endpoint applies the login gates: inactive company and working hours', async ({ client }) => {
    // inactive company: refused, and the session is over
    const a = await createTenant()
    const login = await client.post('/auth/login').json({ email: a.admin.email, password: PASSWORD })
    login.assertStatus(200)
    await db.from('companies').where('id', a.company.id).update({ status: false })
    const inactive = await client.post('/auth/refresh_token').header('cookie', refreshCookie(login))
    inactive.assertStatus(401)
    inactive.assertBodyContains({ error: 'ERR_COMPANY_INACTIVE' })
    ;(await client.get('/auth/me').bearerToken(login.body().token)).assertStatus(401)
    await db.from('companies').where('id', a.company.id).update({ status: true })
    const after = await client.post('/auth/refresh_token').header('cookie', refreshCookie(login))
    after.assertStatus(401)
    after.assertBodyContains({ error: 'ERR_SESSION_EXPIRED' })

    // working hours over since sign-in: refused
    const b = await createTenant()
    const { user } = await createUser(b.company)
    const inHours = await client.post('/auth/login').json({ email: user.email, password: PASSWORD })
    inHours.assertStatus(200)
    const now = DateTime.now().setZone(b.company.timezone)
    await db
      .from('users')
      .where('id', user.id)
      .update({
        start_work: now.plus({ hours: 2 }).toFormat('HH:mm'),
        end_work: now.plus({ hours: 3 }).toFormat('HH:mm'),
      })
    const late = await client.post('/auth/refresh_token').header('cookie', refreshCookie(inHours))
    late.assertStatus(401)
    late.assertBodyContains({ error: 'ERR_OUT_OF_HOURS' })
  })

  test('a user’s default connection must be one of the company’s own', async ({ client, assert }) => {
    const mine = await createTenant()
    const other = await createTenant()
    const foreign = await createConnection(other.company)
    const own = await createConnection(mine.company)
    const { user } = await createUser(mine.company)

    const update = await client.put(`/users/${user.id}`).bearerToken(mine.adminToken).json({ whatsappId: foreign.id })
    update.assertStatus(422)
    update.assertBodyContains({ error: 'ERR_NO_WAPP_FOUND' })
    const create = await client
      .post('/users')
      .bearerToken(mine.adminToken)
      .json({ name: 'Ana', email: `ana-${uid()}@x.test`, password: 'abcde', whatsappId: foreign.id })
    create.assertStatus(422)
    create.assertBodyContains({ error: 'ERR_NO_WAPP_FOUND' })
    assert.notExists(
      await db.from('users').where('whatsapp_id', foreign.id).where('company_id', mine.company.id).first()
    )

    const fine = await client.put(`/users/${user.id}`).bearerToken(mine.adminToken).json({ whatsappId: own.id })
    fine.assertStatus(200)
    assert.equal(fine.body().whatsappId, own.id)
  })

  test('after a downgrade, a connection whose channel the plan dropped sends nothing', async ({ client, assert }) => {
    await startWorkers()
    const w = await inboxWorld()
    const t = await openTicket(w)
    await setPlanFlags(w.company.planId, { useExternalApi: false })
    const before = await db.from('messages').where('ticket_id', t.id).count('* as n').first()

    const sent = await client.post(`/messages/${t.id}`).bearerToken(w.adminToken).json({ body: 'still there?' })
    sent.assertStatus(403)
    sent.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    const after = await db.from('messages').where('ticket_id', t.id).count('* as n').first()
    assert.equal(Number(after!.n), Number(before!.n))
    // private notes are not sent: still allowed
    ;(
      await client.post(`/messages/${t.id}`).bearerToken(w.adminToken).json({ body: 'note', isPrivate: true })
    ).assertStatus(201)

    await setPlanFlags(w.company.planId, { useExternalApi: true })
    ;(await client.post(`/messages/${t.id}`).bearerToken(w.adminToken).json({ body: 'back' })).assertStatus(201)
  })

  test('a message queued before the downgrade is not sent by the worker either', async ({ assert }) => {
    await startWorkers()
    const w = await inboxWorld()
    const driver = recordingDriver()
    try {
      const t = await openTicket(w)
      const [id] = await db
        .table('messages')
        .insert({
          company_id: w.company.id,
          ticket_id: t.id,
          contact_id: t.contact_id,
          whatsapp_id: w.whatsapp.id,
          wid: `BAL${uid()}${uid()}`,
          body: 'queued earlier',
          from_me: true,
          read: true,
          ack: 0,
        })
        .returning('id')
      const messageId = Number(id.id ?? id)
      await setPlanFlags(w.company.planId, { useExternalApi: false })
      await outbox.enqueue(w.company.id, messageId, w.whatsapp.id)
      const row = await waitFor(async () => {
        const r = await db.from('messages').where('id', messageId).first()
        return r?.send_error ? r : null
      })
      assert.equal(row.send_error, 'ERR_PLAN_FEATURE_DISABLED')
      assert.equal(row.ack, 0)
      assert.lengthOf(driver.sent, 0)
    } finally {
      driver.restore()
    }
  })

  test('stored file names lose path components, controls and bidi overrides', async ({ client, assert }) => {
    await startWorkers()
    const w = await inboxWorld()
    const t = await openTicket(w)
    const evil = '../../etc/\u202Eevil\u0007gnp.exe.png'
    const r = await client
      .post(`/messages/${t.id}`)
      .bearerToken(w.adminToken)
      .field('isPrivate', 'true')
      // filepath: form-data would otherwise send only the basename
      .file('medias', PNG, { filename: evil, filepath: evil, contentType: 'image/png' } as any)
    assert.equal(r.status(), 201, JSON.stringify(r.body()))
    const stored = await db.from('messages').where('id', r.body().messages[0].id).firstOrFail()
    assert.equal(stored.media_name, 'evilgnp.exe.png')

    assert.equal(safeFileName('..\\..\\win\\a\u2066b\u2069c\u0000.pdf'), 'abc.pdf')
    assert.equal(safeFileName('\u202E\u202A...'), 'file')
    assert.equal(safeFileName('a/b/😀.png'), '😀.png')
    const long = safeFileName(`${'x'.repeat(500)}.docx`)
    assert.lengthOf(long, 200)
    assert.isTrue(long.endsWith('.docx'))
  })

  test('signed media URLs are bound to the owning company and live about an hour', async ({ client, assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const key = `c${a.company.id}/holes/${uid()}.png`
    await storage.disk().put(key, PNG)
    const url = new URL(storage.url(key)!, 'http://x')
    assert.equal(url.searchParams.get('cid'), String(a.company.id))
    const ttl = Number(url.searchParams.get('exp')) - Date.now() / 1000
    assert.isAtMost(ttl, 75 * 60)
    assert.isAtLeast(ttl, 59 * 60)
    ;(await client.get(url.pathname + url.search)).assertStatus(200)

    // the same signature presented for another company: refused
    const swapped = new URL(url)
    swapped.searchParams.set('cid', String(b.company.id))
    ;(await client.get(swapped.pathname + swapped.search)).assertStatus(404)
    const none = new URL(url)
    none.searchParams.delete('cid')
    ;(await client.get(none.pathname + none.search)).assertStatus(404)
    await storage.delete(key)
  })
})
