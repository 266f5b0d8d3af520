import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { storage } from '#core/storage'
import { waitFor } from '#tests/helpers/inbox'
import { company, type Company } from '#modules/queues/tests/conversation/dsl'
import FileList from '../models/file_list.js'
import FileListOption from '../models/file_list_option.js'

let current: Company | null = null

/** A list with two stored files and one option still without a file (not sent). */
async function aList(c: Company) {
  return tenancy.run(c.id, async () => {
    const list = await FileList.create({ name: 'Catálogo', message: 'Segue' })
    const key = `c${c.id}/file-lists/${list.id}/a.pdf`
    await storage.disk().put(key, '%PDF-1.4\n')
    await FileListOption.create({
      fileListId: list.id,
      name: 'Tabela de preços',
      position: 0,
      path: key,
      fileName: 'precos.pdf',
      mediaType: 'document',
      mime: 'application/pdf',
    })
    await FileListOption.create({ fileListId: list.id, name: 'Sem arquivo', position: 1 })
    await FileListOption.create({
      fileListId: list.id,
      name: 'Foto da loja',
      position: 2,
      path: `c${c.id}/file-lists/${list.id}/b.png`,
      fileName: 'loja.png',
      mediaType: 'image',
      mime: 'image/png',
    })
    return list
  })
}

const mediaOf = async (c: Company, number: string) => {
  const contact = await db.from('contacts').where({ company_id: c.id, number }).first()
  return db
    .from('messages')
    .where({ company_id: c.id, contact_id: contact.id, from_me: true })
    .whereNotNull('media_url')
    .orderBy('id')
    .select('body', 'media_url', 'media_type', 'media_name')
}

test.group('files: the conversation sends a file list', (group) => {
  group.each.teardown(async () => {
    await current?.close()
    current = null
  })

  test('a single queue with fileListId (auto-assign) sends each file with its name as caption, through the outbox', async ({
    assert,
  }) => {
    const c = (current = await company({ greeting_message: 'Olá' }))
    const list = await aList(c)
    const q = await c.queue({ name: 'Vendas' })
    await db.from('queues').where('id', q.id).update({ file_list_id: list.id })
    const ana = c.contact('Ana')
    const replies = await ana.says('oi')
    assert.includeMembers(replies, ['Tabela de preços', 'Foto da loja'])
    const media = await mediaOf(c, ana.number)
    assert.deepEqual(
      media.map((m: any) => [m.body.replaceAll('\u200e', ''), m.media_type, m.media_name]),
      [
        ['Tabela de preços', 'document', 'precos.pdf'],
        ['Foto da loja', 'image', 'loja.png'],
      ]
    )
    assert.equal((await ana.ticket()).queue_id, q.id)
    // they leave through the channel driver with a signed URL, never the storage key
    await waitFor(async () => c.driver.sent.filter((m) => m.mediaUrl).length >= 2)
    const sent = c.driver.sent.filter((m) => m.mediaUrl)
    assert.isTrue(sent.every((m) => /^\/media\/c\d+\/file-lists\/.+sig=/.test(m.mediaUrl!)))
  })

  test('a queue chosen from the menu and a chatbot option of type file send the list', async ({ assert }) => {
    const c = (current = await company({ greeting_message: 'Olá' }))
    const list = await aList(c)
    const a = await c.queue({ name: 'Suporte', greetingMessage: 'Escolha:' })
    await c.queue({ name: 'Outros' })
    await db.table('chatbots').insert({
      company_id: c.id,
      queue_id: a.id,
      name: 'Catálogo',
      queue_type: 'file',
      opt_file_id: list.id,
      greeting_message: 'Aqui está o catálogo.',
    })
    await db.table('chatbots').insert({ company_id: c.id, queue_id: a.id, name: 'Humano', queue_type: 'text' })
    const bia = c.contact('Bia')
    await bia.says('oi')
    await bia.says('1')
    const replies = await bia.says('1')
    assert.deepEqual(replies.slice(0, 2), ['Tabela de preços', 'Foto da loja'])
    assert.include(replies[2], 'Aqui está o catálogo.')

    // another company's list id on an option sends nothing (tenant scope)
    const other = await company()
    const foreign = await aList(other)
    await other.close()
    const b = await c.queue({ name: 'Terceira' })
    await db.from('whatsapp_queues').where('queue_id', b.id).delete()
    await db
      .from('chatbots')
      .where({ company_id: c.id, queue_id: a.id, queue_type: 'file' })
      .update({ opt_file_id: foreign.id })
    const caio = c.contact('Caio')
    await caio.says('oi')
    await caio.says('1')
    const none = await caio.says('1')
    assert.notInclude(none, 'Tabela de preços')
  })
})
