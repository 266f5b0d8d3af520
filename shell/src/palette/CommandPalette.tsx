/**
 * The command palette (Ctrl/⌘+K, or the top bar's search button): one text
 * box over the pages the user may open, the actions registered now (the
 * shortcut registry) and the tickets and contacts the server finds. A
 * combobox with a listbox (aria-activedescendant): the arrows move, Enter
 * opens, Esc closes (the Dialog's own). Full width on a phone.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import {
  Caption1,
  Dialog,
  DialogBody,
  DialogSurface,
  DialogTitle,
  Input,
  Spinner,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { ChatRegular, FlashRegular, PersonRegular, SearchRegular } from '@fluentui/react-icons'
import { comboKeys } from '@balcao/ui/core'
import { menuIcon } from '../modules/icons.js'
import { GROUP_ORDER, arrange, filterLocal, step, type PaletteItem } from './items.js'
import { useRemoteSearch, type RemoteResults } from './useRemoteSearch.js'
import { isMac } from '../shortcuts/keyboard.js'

const useStyles = makeStyles({
  surface: {
    'width': '640px',
    'maxWidth': 'calc(100vw - 32px)',
    'padding': '12px',
    'alignSelf': 'flex-start',
    'marginTop': '10vh',
    '@media (max-width: 599px)': {
      width: '100vw',
      maxWidth: '100vw',
      marginTop: 0,
      borderRadius: 0,
      maxHeight: '100dvh',
    },
  },
  body: { display: 'flex', flexDirection: 'column', gap: '8px', minHeight: 0 },
  title: {
    // named for screen readers; the text box says what to do on screen
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
  },
  list: {
    'maxHeight': '60vh',
    'overflowY': 'auto',
    'display': 'flex',
    'flexDirection': 'column',
    '@media (max-width: 599px)': { maxHeight: 'calc(100dvh - 120px)' },
  },
  group: {
    padding: '8px 8px 4px',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
  option: {
    'display': 'flex',
    'alignItems': 'center',
    'gap': '10px',
    'padding': '8px',
    'minHeight': '40px',
    'boxSizing': 'border-box',
    'borderRadius': tokens.borderRadiusMedium,
    'cursor': 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    outline: `2px solid ${tokens.colorBrandStroke1}`,
    outlineOffset: '-2px',
  },
  icon: { fontSize: '20px', flexShrink: 0, color: tokens.colorNeutralForeground2 },
  text: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  detail: { color: tokens.colorNeutralForeground3 },
  keys: { display: 'inline-flex', gap: '2px', flexShrink: 0 },
  kbd: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase100,
    padding: '1px 5px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  status: { display: 'flex', alignItems: 'center', gap: '8px', padding: '8px', color: tokens.colorNeutralForeground3 },
  hint: { 'color': tokens.colorNeutralForeground3, '@media (max-width: 599px)': { display: 'none' } },
})

export interface PaletteProps {
  open: boolean
  onClose: () => void
  /** pages and actions the user may use now */
  local: PaletteItem[]
  /** which server searches the user may run (their pages are served) */
  sources: { tickets: boolean; contacts: boolean }
  viewer: { queueIds: number[]; userProfile: boolean }
  /** a ticket or contact row was chosen */
  onTicket: (uuid: string) => void
  onContact: (contact: { id: number; name: string; number: string }) => void
}

export function Keys({ combo }: { combo: string }) {
  const s = useStyles()
  return (
    <span className={s.keys}>
      {comboKeys(combo, isMac()).map((k) => (
        <kbd key={k} className={s.kbd}>
          {k}
        </kbd>
      ))}
    </span>
  )
}

function remoteItems(r: RemoteResults, t: TFunction, props: PaletteProps): PaletteItem[] {
  return [
    ...r.tickets.map<PaletteItem>((x) => ({
      id: `ticket:${x.id}`,
      group: 'tickets',
      label: x.contact?.name ?? `#${x.id}`,
      detail: t('palette.ticketLine', {
        id: x.id,
        status: t(`palette.status.${x.status}`, { defaultValue: x.status }),
      }),
      run: () => props.onTicket(x.uuid),
    })),
    ...r.contacts.map<PaletteItem>((c) => ({
      id: `contact:${c.id}`,
      group: 'contacts',
      label: c.name,
      detail: c.number,
      run: () => props.onContact(c),
    })),
  ]
}

export function CommandPalette(props: PaletteProps) {
  const { t } = useTranslation()
  const s = useStyles()
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLDivElement>(null)
  const listId = useId()
  const remote = useRemoteSearch(props.open ? text : '', props.sources, props.viewer)

  // a fresh palette every time it opens
  useEffect(() => {
    if (props.open) {
      setText('')
      setActive(0)
    }
  }, [props.open])

  const rows = useMemo(
    () => arrange([...filterLocal(text, props.local), ...remoteItems(remote, t, props)]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, props.local, remote, t]
  )
  const current = Math.min(active, rows.length - 1)
  const optionId = (i: number) => `${listId}-opt-${i}`

  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return
    props.onClose()
    item.run()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setActive(step(current, rows.length, e.key === 'ArrowDown' ? 1 : -1))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      choose(rows[current])
    }
  }

  const icon = (item: PaletteItem) => {
    if (item.group === 'pages') {
      const Icon = menuIcon(item.icon)
      return <Icon className={s.icon} />
    }
    if (item.group === 'tickets') return <ChatRegular className={s.icon} />
    if (item.group === 'contacts') return <PersonRegular className={s.icon} />
    return <FlashRegular className={s.icon} />
  }

  let index = -1
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface className={s.surface} aria-describedby={undefined} data-testid="command-palette">
        <DialogBody className={s.body}>
          <DialogTitle className={s.title}>{t('palette.title')}</DialogTitle>
          <Input
            autoFocus
            size="large"
            contentBefore={<SearchRegular />}
            placeholder={t('palette.placeholder')}
            aria-label={t('palette.placeholder')}
            value={text}
            onChange={(_, d) => {
              setText(d.value)
              setActive(0)
            }}
            onKeyDown={onKeyDown}
            input={{
              'role': 'combobox',
              'aria-expanded': true,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
            }}
            data-testid="palette-input"
          />
          <div id={listId} role="listbox" aria-label={t('palette.title')} className={s.list} ref={listRef}>
            {GROUP_ORDER.map((group) => {
              const items = rows.filter((r) => r.group === group)
              if (!items.length) return null
              const headId = `${listId}-${group}`
              return (
                <div key={group} role="group" aria-labelledby={headId} data-testid={`palette-group-${group}`}>
                  <div id={headId} className={s.group} role="presentation">
                    {t(`palette.${group}`)}
                  </div>
                  {items.map((item) => {
                    index += 1
                    const i = index
                    return (
                      <div
                        key={item.id}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === current}
                        className={mergeClasses(s.option, i === current && s.active)}
                        onMouseMove={() => i !== current && setActive(i)}
                        // keep the focus in the text box
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => choose(item)}
                        data-testid="palette-option"
                        data-item={item.id}
                      >
                        {icon(item)}
                        <span className={s.text}>
                          <span className={s.label}>{item.label}</span>
                          {item.detail && (
                            <Caption1 className={mergeClasses(s.label, s.detail)}>{item.detail}</Caption1>
                          )}
                        </span>
                        {item.keys && <Keys combo={item.keys} />}
                      </div>
                    )
                  })}
                </div>
              )
            })}
          </div>
          <div aria-live="polite" className={s.status}>
            {remote.loading ? (
              <>
                <Spinner size="tiny" /> {t('palette.searching')}
              </>
            ) : remote.failed ? (
              t('palette.searchFailed')
            ) : rows.length === 0 ? (
              <span data-testid="palette-empty">{t('palette.noResults')}</span>
            ) : (
              <Caption1 className={s.hint}>{t('palette.hint')}</Caption1>
            )}
          </div>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
