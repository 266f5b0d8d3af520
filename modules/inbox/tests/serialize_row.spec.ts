import { test } from '@japa/runner'
import { serializeRow } from '#core/serialize_row'
import Message from '../models/message.js'
import Contact from '../models/contact.js'

/** A messages row as PostgreSQL returns it (bigint ids as strings, timestamps as Dates). */
function messageRow(over: Record<string, unknown> = {}) {
  return {
    company_id: 7,
    id: '9007199254740993',
    ticket_id: 12,
    contact_id: 30,
    whatsapp_id: 2,
    queue_id: null,
    user_id: 5,
    wid: 'ABC123',
    body: 'Olá, "tudo" bem?\n',
    from_me: false,
    media_type: 'image',
    media_url: null,
    media_name: 'foto.jpg',
    media_source_url: 'https://cdn.example.test/f.jpg',
    media_error: null,
    quoted_msg_id: '11',
    quoted_wid: 'Q1',
    is_private: false,
    is_forwarded: true,
    is_deleted: false,
    is_edited: false,
    read: true,
    ack: 3,
    send_error: null,
    participant: null,
    created_at: new Date('2026-11-27T01:02:03.456Z'),
    updated_at: new Date('2026-11-27T01:02:04.000Z'),
    ...over,
  }
}

const contactRow = {
  company_id: 7,
  id: 30,
  name: 'Ana Lima',
  number: '5511999990000',
  email: null,
  url_picture: 'contacts/7/ana.jpg',
  active: true,
  disable_bot: false,
  accept_audio_message: true,
  is_group: false,
  channel: 'whatsapp',
  lid: '1234@lid',
  lgpd_accepted_at: null,
  created_at: new Date('2026-01-01T00:00:00.000Z'),
  updated_at: new Date('2026-02-01T12:00:00.000Z'),
}

/** What the ORM gives for the same rows: a hydrated model with its relations, serialized. */
function viaModels(row: any, quoted: any, contact: any) {
  const m = Message.$createFromAdapterResult(row)!
  m.$setRelated('quotedMsg', quoted === null ? null : Message.$createFromAdapterResult(quoted)!)
  m.$setRelated('contact', contact === null ? null : Contact.$createFromAdapterResult(contact)!)
  return m.serialize()
}

/** The same rows joined and prefixed, as the messages page selects them. */
function joined(row: any, quoted: any, contact: any) {
  const out: Record<string, unknown> = { total: '3' }
  for (const [prefix, part] of [
    ['m__', row],
    ['q__', quoted],
    ['c__', contact],
  ] as const) {
    const source = part ?? Object.fromEntries(Object.keys(prefix === 'c__' ? contactRow : row).map((k) => [k, null]))
    for (const [k, v] of Object.entries(source)) out[prefix + k] = v
  }
  return out
}

test.group('serializeRow', () => {
  test('gives what the models serialize: hidden columns, dates, media URLs, computed values, relations in order', ({
    assert,
  }) => {
    const cases = [
      {
        row: messageRow(),
        quoted: messageRow({ id: '11', quoted_msg_id: null, media_type: null }),
        contact: contactRow,
      },
      { row: messageRow({ media_url: 'messages/12/a.jpg', media_source_url: null }), quoted: null, contact: null },
      {
        row: messageRow({ media_url: 'https://evil.test/x.jpg', from_me: true, user_id: null }),
        quoted: null,
        contact: contactRow,
      },
      { row: messageRow({ media_error: 'expired' }), quoted: null, contact: { ...contactRow, url_picture: null } },
    ]
    for (const { row, quoted, contact } of cases) {
      const expected = viaModels(row, quoted, contact)
      const r = joined(row, quoted, contact)
      const actual = serializeRow(
        Message,
        r,
        {
          quotedMsg: quoted === null ? null : serializeRow(Message, r, {}, 'q__'),
          contact: contact === null ? null : serializeRow(Contact, r, {}, 'c__'),
        },
        'm__'
      )
      assert.deepEqual(actual, expected)
      // the same text: the browser reads the same keys in the same order
      assert.equal(JSON.stringify(actual), JSON.stringify(expected))
      assert.notProperty(actual, 'mediaSourceUrl')
      assert.notProperty(actual, 'quotedWid')
    }
  })

  test('columns absent from the row are left out, as the models leave them out', ({ assert }) => {
    const partial = { id: 30, name: 'Ana', created_at: new Date('2026-01-01T00:00:00.000Z') }
    assert.deepEqual(serializeRow(Contact, partial), Contact.$createFromAdapterResult(partial)!.serialize())
  })
})
