/**
 * The connections remote's form rules (remotes/connections/src/connectionForm.ts):
 * the channel tab's checks from the manifest's fields, the settings body,
 * the cross-field rules of spec 2 §5 and the body of POST/PUT /whatsapp.
 */
import { test } from '@japa/runner'
// loaded by path: the remote's files belong to the browser build (shell/tsconfig.json), whose
// `@balcao/ui/core` alias the test process resolves with tests/helpers/ui_alias_hook.mjs
const FORM = '../../remotes/connections/src/connectionForm.js'
const { channelFieldErrors, crossFieldErrors, initialForm, newToken, settingsBody, toBody, TOKEN_LENGTH } =
  await import(FORM)

type ChannelFieldDef = { name: string; type: string; required: boolean }

const label = { pt: 'x', en: 'x', es: 'x' }
const fields = [
  { name: 'callbackUrl', type: 'url', label, required: true, help: null, options: [] },
  { name: 'secret', type: 'password', label, required: true, help: null, options: [] },
  { name: 'region', type: 'select', label, required: false, help: null, options: [] },
] as unknown as ChannelFieldDef[]

const NOW = new Date(2026, 10, 25)

test.group('connection form rules', () => {
  test('a new connection gets a 30-character token and the spec defaults', ({ assert }) => {
    const v = initialForm(null, 'whatsapp')
    assert.lengthOf(v.token, TOKEN_LENGTH)
    assert.match(newToken(), /^[A-Za-z0-9]{30}$/)
    assert.notEqual(newToken(), newToken())
    assert.equal(v.maxUseBotQueues, '3')
    assert.equal(v.maxUseBotQueuesNPS, '3')
    assert.lengthOf(v.schedules, 7)
  })

  test("the channel tab checks the manifest's required and url fields; a stored secret may stay empty", ({
    assert,
  }) => {
    const v = initialForm(null, 'api')
    assert.deepEqual(channelFieldErrors(v, fields), {
      callbackUrl: 'validation.required',
      secret: 'validation.required',
    })
    v.settings = { callbackUrl: 'ftp://nope', secret: '' }
    assert.deepEqual(channelFieldErrors(v, fields, { secret: true }), { callbackUrl: 'connections.validation.url' })
    v.settings = { callbackUrl: ' https://hooks.example.test/in ', secret: '' }
    assert.deepEqual(channelFieldErrors(v, fields, { secret: true }), {})
    // every declared field is sent, trimmed; unknown keys in the form are not
    v.settings = { callbackUrl: ' https://a.test ', junk: 'x' }
    assert.deepEqual(settingsBody(v, fields), { callbackUrl: 'https://a.test', secret: '', region: '' })
  })

  test('cross-field rules of spec 2 §5', ({ assert }) => {
    const v = initialForm(null, 'whatsapp')
    assert.deepEqual(crossFieldErrors(v, NOW), {})
    v.timeSendQueue = '5'
    v.ratingMessage = 'Nota?'
    v.maxUseBotQueues = 'x'
    const e = crossFieldErrors(v, NOW)
    assert.equal(e.sendIdQueue, 'connections.validation.errorSendQueue')
    assert.equal(e.expiresTicketNPS, 'connections.validation.errorExpiresNPS')
    assert.equal(e.maxUseBotQueues, 'validation.numeric')

    const w = initialForm(null, 'whatsapp')
    w.importOldMessages = true
    assert.equal(crossFieldErrors(w, NOW).importOldMessagesDate, 'validation.required')
    w.importOldMessagesDate = '2023-01-01'
    assert.equal(crossFieldErrors(w, NOW).importOldMessagesDate, 'connections.validation.importStart')
    w.importOldMessagesDate = '2026-11-01'
    w.importRecentMessages = '2026-10-01'
    assert.equal(crossFieldErrors(w, NOW).importRecentMessages, 'connections.validation.importRecent')

    const h = initialForm(null, 'whatsapp')
    h.collectiveVacationMessage = 'Férias'
    assert.deepEqual(crossFieldErrors(h, NOW), {
      collectiveVacationStart: 'validation.required',
      collectiveVacationEnd: 'validation.required',
    })
    h.collectiveVacationStart = '2026-12-20'
    h.collectiveVacationEnd = '2026-12-10'
    assert.equal(crossFieldErrors(h, NOW).collectiveVacationEnd, 'connections.validation.vacationEnd')
    h.collectiveVacationStart = '2026-11-01'
    assert.equal(crossFieldErrors(h, NOW).collectiveVacationStart, 'connections.validation.vacationMin')
  })

  test('the body: empty texts as null, numbers as numbers, channel settings from the fields', ({ assert }) => {
    const v = initialForm(null, 'api')
    v.name = '  Vendas  '
    v.greetingMessage = '   '
    v.timeSendQueue = ''
    v.sendIdQueue = '7'
    v.settings = { callbackUrl: 'https://a.test' }
    const body = toBody(v, { isNew: true, admin: true, fields })
    assert.equal(body.name, 'Vendas')
    assert.isNull(body.greetingMessage)
    assert.strictEqual(body.timeSendQueue, 0)
    assert.strictEqual(body.sendIdQueue, 7)
    assert.strictEqual(body.maxUseBotQueues, 3)
    assert.deepInclude(body.settings as object, { callbackUrl: 'https://a.test' })
    assert.equal(body.channel, 'api')
    assert.notProperty(body, 'importOldMessages')
    // an edit sends no channel; a non-admin sends neither token nor channel settings
    const edit = toBody(v, { isNew: false, admin: false, fields })
    assert.notProperty(edit, 'channel')
    assert.notProperty(edit, 'token')
    assert.notProperty(edit, 'settings')
  })
})
