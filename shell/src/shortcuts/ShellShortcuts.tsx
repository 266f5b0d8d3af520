/**
 * The page's keyboard: the one keydown listener (every key press goes to the
 * kit's shortcut registry), the shell's global shortcuts (Ctrl/⌘+K palette,
 * `?` cheat sheet), and the two dialogs. Pages for the palette come from the
 * manifest's menu, already cut to the user's role and the company's plan.
 */
import { useEffect, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { useAtom, useAtomValue } from 'jotai'
import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import { shortcutTexts, shortcuts, useShortcut, useShortcutList, userAtom } from '@balcao/ui/core'
import type { MenuEntry } from '../modules/manifest.js'
import { CommandPalette } from '../palette/CommandPalette.js'
import type { PaletteItem } from '../palette/items.js'
import { keyboardDialogAtom } from '../palette/state.js'
import { CheatSheet } from './CheatSheet.js'
import { isTypingTarget, overlayOpen } from './keyboard.js'

// the labels remotes give their actions (kit texts)
for (const lang of ['pt', 'en', 'es'] as const)
  i18next.addResourceBundle(lang, 'translation', { shortcuts: shortcutTexts[lang] }, true, false)

function useKeyListener() {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const typing = isTypingTarget(e.target)
      if (shortcuts.handle(e, { typing, overlayOpen: overlayOpen() })) {
        e.preventDefault()
        return
      }
      // Esc in a field on the page leaves the field, so the next Esc reaches the page (closes the chat)
      if (e.key === 'Escape' && typing && !e.defaultPrevented && !overlayOpen()) (e.target as HTMLElement).blur()
    }
    // bubbling, on window: a dialog's or a field's own handling comes first and may prevent ours
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}

export function ShellShortcuts(props: {
  /** the menu entries the user may open */
  entries: MenuEntry[]
  /** paths the user may open (the shell's route table) */
  served: { has(path: string): boolean }
  /** the company is blocked: no module pages, no server search */
  blocked: boolean
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const [dialog, setDialog] = useAtom(keyboardDialogAtom)
  const actions = useShortcutList()
  useKeyListener()

  useShortcut({
    id: 'shell.palette',
    keys: 'mod+k',
    label: t('cheatSheet.palette'),
    group: 'general',
    whileTyping: true,
    palette: false,
    run: () => setDialog((d) => (d === 'palette' ? null : 'palette')),
  })
  useShortcut({
    id: 'shell.cheatSheet',
    keys: '?',
    label: t('cheatSheet.cheatSheet'),
    group: 'general',
    run: () => setDialog('cheatSheet'),
  })

  const pages = useMemo<PaletteItem[]>(() => {
    const label = (key: string) => t(key, { defaultValue: key.split('.').pop() })
    const list = props.blocked
      ? [{ path: '/financeiro-aberto', label: 'menu.financeiro', icon: 'money' }]
      : props.entries.filter((e) => props.served.has(e.path))
    const home =
      !props.blocked && !list.some((e) => e.path === '/') ? [{ path: '/', label: 'palette.home', icon: 'home' }] : []
    return [...home, ...list].map((e) => ({
      id: `page:${e.path}`,
      group: 'pages' as const,
      label: label(e.label),
      detail: e.path,
      icon: e.icon,
      run: () => navigate(e.path),
    }))
  }, [props.entries, props.served, props.blocked, navigate, t])

  const local = useMemo<PaletteItem[]>(
    () => [
      ...pages,
      ...actions
        .filter((a) => a.palette !== false)
        .map((a) => ({ id: `action:${a.id}`, group: 'actions' as const, label: a.label, keys: a.keys, run: a.run })),
    ],
    [pages, actions]
  )

  const ready = !props.blocked && !!me
  const sources = useMemo(
    () => ({ tickets: ready && props.served.has('/tickets'), contacts: ready && props.served.has('/contacts') }),
    [ready, props.served]
  )
  const viewer = useMemo(
    () => ({ queueIds: me?.queues.map((q) => q.id) ?? [], userProfile: me?.profile === 'user' && !me?.super }),
    [me]
  )

  return (
    <>
      <CommandPalette
        open={dialog === 'palette'}
        onClose={() => setDialog(null)}
        local={local}
        sources={sources}
        viewer={viewer}
        onTicket={(uuid) => navigate(`/tickets/${uuid}`)}
        onContact={(c) => navigate(`/contacts?search=${encodeURIComponent(c.number || c.name)}`)}
      />
      <CheatSheet open={dialog === 'cheatSheet'} onClose={() => setDialog(null)} />
    </>
  )
}
