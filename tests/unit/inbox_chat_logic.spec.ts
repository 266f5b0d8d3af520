/**
 * The inbox chat's pure logic (remotes/inbox/src/chat): WhatsApp formatting,
 * drafts per ticket, the input's remembered flags and signature, quick-reply
 * matching and the recording rules.
 */
import { test } from '@japa/runner'
import { DraftStore } from '../../remotes/inbox/src/chat/drafts.js'
import {
  PRIVATE_KEY,
  SIGN_KEY,
  fitPlaceholder,
  readFlag,
  saveFlag,
  signBody,
  type FlagStorage,
} from '../../remotes/inbox/src/chat/inputPrefs.js'
import {
  QUICK_REPLY_PREVIEW_CHARS,
  matchQuickReplies,
  quickMediaName,
  quickPreview,
  quickTerm,
  stepQuickIndex,
} from '../../remotes/inbox/src/chat/quickReplies.js'
import { MIN_RECORDING_BYTES, recordingClock, recordingTooShort } from '../../remotes/inbox/src/chat/recording.js'
import type { QuickMessage } from '../../remotes/inbox/src/chat/types.js'
import { parseWhatsapp } from '../../remotes/inbox/src/chat/whatsappFormat.js'

const memoryStorage = (): FlagStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>()
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) }
}

const quick = (id: number, shortcode: string, message = `text ${id}`): QuickMessage => ({
  id,
  shortcode,
  message,
  mediaPath: null,
  mediaName: null,
  isMedia: false,
})

test.group('WhatsApp formatting', () => {
  test('bold, italic, strike and mono between plain text', ({ assert }) => {
    assert.deepEqual(parseWhatsapp('Hi *Ana*, _see_ ~old~ ```x = 1``` now'), [
      { mark: 'text', text: 'Hi ' },
      { mark: 'bold', text: 'Ana' },
      { mark: 'text', text: ', ' },
      { mark: 'italic', text: 'see' },
      { mark: 'text', text: ' ' },
      { mark: 'strike', text: 'old' },
      { mark: 'text', text: ' ' },
      { mark: 'mono', text: 'x = 1' },
      { mark: 'text', text: ' now' },
    ])
  })

  test('plain text stays one piece; empty text gives none', ({ assert }) => {
    assert.deepEqual(parseWhatsapp('no marks here'), [{ mark: 'text', text: 'no marks here' }])
    assert.deepEqual(parseWhatsapp(''), [])
  })

  test('a mark does not cross a line and is never empty', ({ assert }) => {
    assert.deepEqual(parseWhatsapp('*a\nb*'), [{ mark: 'text', text: '*a\nb*' }])
    assert.deepEqual(parseWhatsapp('** __ ~~'), [{ mark: 'text', text: '** __ ~~' }])
  })

  test('mono spans lines; marks inside another mark stay as written', ({ assert }) => {
    assert.deepEqual(parseWhatsapp('```a\nb```'), [{ mark: 'mono', text: 'a\nb' }])
    assert.deepEqual(parseWhatsapp('*bold _and_ more*'), [{ mark: 'bold', text: 'bold _and_ more' }])
  })

  test('the signature line is bold', ({ assert }) => {
    assert.deepEqual(parseWhatsapp(signBody('Hello', { sign: true, isPrivate: false, name: 'Ana' })), [
      { mark: 'bold', text: 'Ana:' },
      { mark: 'text', text: '\nHello' },
    ])
  })
})

test.group('chat input: drafts and flags', () => {
  test('a draft belongs to its ticket and an empty text forgets it', ({ assert }) => {
    const drafts = new DraftStore()
    drafts.set(1, 'hello')
    drafts.set(2, 'other')
    assert.equal(drafts.get(1), 'hello')
    assert.equal(drafts.get(2), 'other')
    assert.isUndefined(drafts.get(3))
    drafts.set(1, '')
    assert.isUndefined(drafts.get(1))
  })

  test('flags read their default until saved, and survive a storage that throws', ({ assert }) => {
    const storage = memoryStorage()
    assert.isTrue(readFlag(SIGN_KEY, true, () => storage))
    saveFlag(SIGN_KEY, false, () => storage)
    assert.equal(storage.items.get('signOption'), 'false')
    assert.isFalse(readFlag(SIGN_KEY, true, () => storage))
    saveFlag(PRIVATE_KEY, true, () => storage)
    assert.equal(storage.items.get('inbox.chat.privateMode'), 'true')
    assert.isTrue(readFlag(PRIVATE_KEY, false, () => storage))

    const broken = () => {
      throw new Error('SecurityError')
    }
    assert.isTrue(readFlag(SIGN_KEY, true, broken))
    assert.doesNotThrow(() => saveFlag(SIGN_KEY, true, broken))
  })

  test('the signature: only when signing, not in private notes, with a name and a text', ({ assert }) => {
    assert.equal(signBody('Hi', { sign: true, isPrivate: false, name: 'Ana' }), '*Ana:*\nHi')
    assert.equal(signBody('Hi', { sign: false, isPrivate: false, name: 'Ana' }), 'Hi')
    assert.equal(signBody('Hi', { sign: true, isPrivate: true, name: 'Ana' }), 'Hi')
    assert.equal(signBody('Hi', { sign: true, isPrivate: false, name: '' }), 'Hi')
    assert.equal(signBody('', { sign: true, isPrivate: false, name: 'Ana' }), '')
  })

  test('the placeholder is cut to 20 characters on narrow screens', ({ assert }) => {
    const text = 'Type a message or / for quick replies'
    assert.equal(fitPlaceholder(text, false), text)
    assert.equal(fitPlaceholder(text, true), 'Type a message or / ')
  })
})

test.group('chat input: quick replies', () => {
  test('the term is the word after a leading slash, while the text is that one word', ({ assert }) => {
    assert.equal(quickTerm('/'), '')
    assert.equal(quickTerm('/hel'), 'hel')
    assert.isUndefined(quickTerm('/hello world'))
    assert.isUndefined(quickTerm('hello'))
    assert.isUndefined(quickTerm(' /hello'))
    assert.isUndefined(quickTerm(''))
  })

  test('matching is by shortcut substring, ignoring case, keeping the order', ({ assert }) => {
    const all = [quick(1, 'Hello'), quick(2, 'bye'), quick(3, 'othello'), quick(4, 'HELP')]
    assert.deepEqual(
      matchQuickReplies(all, 'hel').map((q) => q.id),
      [1, 3, 4]
    )
    assert.deepEqual(
      matchQuickReplies(all, 'LLO').map((q) => q.id),
      [1, 3]
    )
    assert.lengthOf(matchQuickReplies(all, ''), 4)
    assert.lengthOf(matchQuickReplies(all, 'zzz'), 0)
  })

  test('arrows wrap around the list', ({ assert }) => {
    assert.equal(stepQuickIndex(0, 'ArrowDown', 3), 1)
    assert.equal(stepQuickIndex(2, 'ArrowDown', 3), 0)
    assert.equal(stepQuickIndex(0, 'ArrowUp', 3), 2)
    assert.equal(stepQuickIndex(1, 'ArrowUp', 3), 0)
    assert.equal(stepQuickIndex(0, 'ArrowDown', 1), 0)
  })

  test('the preview and the file name of a media reply', ({ assert }) => {
    const long = 'x'.repeat(200)
    assert.lengthOf(quickPreview({ message: long }), QUICK_REPLY_PREVIEW_CHARS)
    assert.equal(quickPreview({ message: 'short' }), 'short')
    assert.equal(quickMediaName({ mediaName: 'price list.pdf', mediaPath: '/media/c1/a.pdf?sig=1' }), 'price list.pdf')
    assert.equal(quickMediaName({ mediaName: null, mediaPath: '/media/c1/quick/a.pdf?sig=1&exp=2' }), 'a.pdf')
    assert.equal(quickMediaName({ mediaName: '', mediaPath: '/media/' }), 'file')
  })
})

test.group('chat input: voice recording', () => {
  test('recordings under 10000 bytes are too short', ({ assert }) => {
    assert.equal(MIN_RECORDING_BYTES, 10000)
    assert.isTrue(recordingTooShort(9999))
    assert.isFalse(recordingTooShort(10000))
  })

  test('the timer reads mm:ss', ({ assert }) => {
    assert.equal(recordingClock(0), '00:00')
    assert.equal(recordingClock(7), '00:07')
    assert.equal(recordingClock(65), '01:05')
    assert.equal(recordingClock(600), '10:00')
  })
})
