/**
 * The kit's shortcut registry (packages/ui/src/shortcuts) and the command
 * palette's local matching (shell/src/palette/items.ts): combinations, the
 * typing rule (only Esc and Ctrl/⌘+K while in a field), Esc left to open
 * dialogs, the latest registration winning, and accent-free search.
 */
import { test } from '@japa/runner'
import { ShortcutRegistry, comboKeys, matchesCombo, type KeyPress } from '../../packages/ui/src/shortcuts/registry.js'
import { arrange, filterLocal, fold, step, type PaletteItem } from '../../shell/src/palette/items.js'

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : undefined,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
})

test.group('shortcut registry · combinations', () => {
  test('letters match the physical key with exactly the modifiers named', ({ assert }) => {
    assert.isTrue(matchesCombo(press('j', { altKey: true }), 'alt+j'))
    // Alt+J on a Mac types '∆': the physical key still says J
    assert.isTrue(matchesCombo({ ...press('∆', { altKey: true }), code: 'KeyJ' }, 'alt+j'))
    assert.isFalse(matchesCombo(press('j'), 'alt+j'))
    assert.isFalse(matchesCombo(press('j', { altKey: true, ctrlKey: true }), 'alt+j'))
    assert.isFalse(matchesCombo(press('j', { altKey: true, shiftKey: true }), 'alt+j'))
  })

  test('mod is Ctrl or ⌘, not both', ({ assert }) => {
    assert.isTrue(matchesCombo(press('k', { ctrlKey: true }), 'mod+k'))
    assert.isTrue(matchesCombo(press('k', { metaKey: true }), 'mod+k'))
    assert.isFalse(matchesCombo(press('k', { metaKey: true, ctrlKey: true }), 'mod+k'))
    assert.isFalse(matchesCombo(press('k'), 'mod+k'))
  })

  test('symbols compare the character and ignore Shift; named keys', ({ assert }) => {
    assert.isTrue(matchesCombo(press('?', { shiftKey: true }), '?'))
    assert.isFalse(matchesCombo(press('/', { shiftKey: false }), '?'))
    assert.isTrue(matchesCombo(press('Escape'), 'escape'))
    assert.isTrue(matchesCombo(press('Escape'), 'esc'))
  })

  test('keys to draw', ({ assert }) => {
    assert.deepEqual(comboKeys('mod+k'), ['Ctrl', 'K'])
    assert.deepEqual(comboKeys('mod+k', true), ['⌘', 'K'])
    assert.deepEqual(comboKeys('alt+j'), ['Alt', 'J'])
    assert.deepEqual(comboKeys('escape'), ['Esc'])
    assert.deepEqual(comboKeys('?'), ['?'])
  })
})

test.group('shortcut registry · handling', () => {
  test('runs the bound action; nothing while typing unless it says so', ({ assert }) => {
    const r = new ShortcutRegistry()
    const ran: string[] = []
    r.register({ id: 'next', keys: 'alt+j', label: 'Next', run: () => ran.push('next') })
    r.register({ id: 'palette', keys: 'mod+k', label: 'Palette', whileTyping: true, run: () => ran.push('palette') })
    assert.isTrue(r.handle(press('j', { altKey: true }), { typing: false }))
    assert.isFalse(r.handle(press('j', { altKey: true }), { typing: true }))
    assert.isTrue(r.handle(press('k', { ctrlKey: true }), { typing: true }))
    assert.isFalse(r.handle(press('x'), { typing: false }))
    assert.deepEqual(ran, ['next', 'palette'])
  })

  test('an open dialog keeps its keys (Esc too); a handled or composing key press is ignored', ({ assert }) => {
    const r = new ShortcutRegistry()
    let closed = 0
    r.register({ id: 'close', keys: 'escape', label: 'Close', run: () => closed++ })
    assert.isFalse(r.handle(press('Escape'), { typing: false, overlayOpen: true }))
    assert.isFalse(r.handle({ ...press('Escape'), defaultPrevented: true }, { typing: false }))
    assert.isFalse(r.handle({ ...press('Escape'), isComposing: true }, { typing: false }))
    assert.isTrue(r.handle(press('Escape'), { typing: false }))
    assert.equal(closed, 1)
    // nothing else behind an open dialog either, but the palette's Ctrl/⌘+K
    let opened = 0
    r.register({ id: 'next', keys: 'alt+j', label: 'Next', run: () => closed++ })
    r.register({ id: 'palette', keys: 'mod+k', label: 'Palette', whileTyping: true, run: () => opened++ })
    assert.isFalse(r.handle(press('j', { altKey: true }), { typing: false, overlayOpen: true }))
    assert.isTrue(r.handle(press('k', { ctrlKey: true }), { typing: false, overlayOpen: true }))
    assert.deepEqual([closed, opened], [1, 1])
  })

  test('the latest registration of a key wins; removing it restores the earlier one', ({ assert }) => {
    const r = new ShortcutRegistry()
    const ran: string[] = []
    r.register({ id: 'a', keys: 'alt+e', label: 'A', run: () => ran.push('a') })
    const off = r.register({ id: 'b', keys: 'alt+e', label: 'B', run: () => ran.push('b') })
    r.handle(press('e', { altKey: true }), { typing: false })
    off()
    off()
    r.handle(press('e', { altKey: true }), { typing: false })
    assert.deepEqual(ran, ['b', 'a'])
  })

  test('list: one entry per id, subscribers told of every change', ({ assert }) => {
    const r = new ShortcutRegistry()
    let calls = 0
    const unsubscribe = r.subscribe(() => calls++)
    const off1 = r.register({ id: 'x', keys: 'alt+a', label: 'old', run: () => {} })
    r.register({ id: 'x', keys: 'alt+a', label: 'new', run: () => {} })
    r.register({ id: 'y', label: 'palette only', run: () => {} })
    assert.deepEqual(
      r.list().map((a) => `${a.id}:${a.label}`),
      ['x:new', 'y:palette only']
    )
    const before = r.list()
    off1()
    assert.notStrictEqual(r.list(), before)
    unsubscribe()
    r.register({ id: 'z', label: 'z', run: () => {} })
    assert.equal(calls, 4)
  })
})

test.group('command palette · local matching', () => {
  const item = (id: string, group: PaletteItem['group'], label: string, detail?: string): PaletteItem => ({
    id,
    group,
    label,
    detail,
    run: () => {},
  })
  const items = [
    item('page:/connections', 'pages', 'Conexões', '/connections'),
    item('page:/tickets', 'pages', 'Atendimentos', '/tickets'),
    item('action:resolve', 'actions', 'Resolver o ticket aberto'),
    item('page:/all-connections', 'pages', 'Todas as conexões', '/all-connections'),
  ]

  test('accents and case do not matter; every word must appear; prefix first', ({ assert }) => {
    assert.equal(fold(' Conexões '), 'conexoes')
    assert.deepEqual(
      filterLocal('conexoes', items).map((i) => i.id),
      ['page:/connections', 'page:/all-connections']
    )
    assert.deepEqual(
      filterLocal('todas CONEX', items).map((i) => i.id),
      ['page:/all-connections']
    )
    assert.deepEqual(
      filterLocal('/tickets', items).map((i) => i.id),
      ['page:/tickets']
    )
    assert.lengthOf(filterLocal('', items), 4)
  })

  test('groups in a fixed order; arrows wrap', ({ assert }) => {
    const mixed = [
      item('c', 'contacts', 'C'),
      item('a', 'actions', 'A'),
      item('t', 'tickets', 'T'),
      item('p', 'pages', 'P'),
    ]
    assert.deepEqual(
      arrange(mixed).map((i) => i.id),
      ['p', 'a', 't', 'c']
    )
    assert.equal(step(0, 3, 1), 1)
    assert.equal(step(2, 3, 1), 0)
    assert.equal(step(0, 3, -1), 2)
    assert.equal(step(-1, 3, -1), 2)
    assert.equal(step(0, 0, 1), -1)
  })
})
