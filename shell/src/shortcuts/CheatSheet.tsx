/**
 * The cheat sheet (`?`): every shortcut that works now, by group: the
 * shell's own, then whatever the screen registered (the open ticket's,
 * the list's), plus the composer's `/` and the dialogs' Esc.
 */
import { useTranslation } from 'react-i18next'
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useShortcutList, type ShortcutGroup } from '@balcao/ui/core'
import { Keys } from '../palette/CommandPalette.js'

const useStyles = makeStyles({
  surface: {
    'width': '560px',
    'maxWidth': 'calc(100vw - 32px)',
    '@media (max-width: 599px)': { maxWidth: '100vw', borderRadius: 0 },
  },
  group: { margin: '12px 0 4px', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase300 },
  table: { width: '100%', borderCollapse: 'collapse' },
  row: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  cell: { padding: '6px 4px', verticalAlign: 'middle' },
  keysCell: { padding: '6px 4px', textAlign: 'end', whiteSpace: 'nowrap' },
  note: { display: 'block', marginTop: '12px', color: tokens.colorNeutralForeground3 },
})

const GROUPS: ShortcutGroup[] = ['general', 'navigation', 'ticket']

export function CheatSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const s = useStyles()
  const actions = useShortcutList().filter((a) => a.keys)
  // shortcuts handled where they apply (not through the registry), listed for completeness
  const fixed: Record<ShortcutGroup, { keys: string; label: string }[]> = {
    general: [{ keys: 'escape', label: t('cheatSheet.closeDialog') }],
    navigation: [],
    ticket: [{ keys: '/', label: t('cheatSheet.quickReplies') }],
  }
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface} aria-describedby={undefined} data-testid="cheat-sheet">
        <DialogBody>
          <DialogTitle>{t('cheatSheet.title')}</DialogTitle>
          <DialogContent>
            {GROUPS.map((group) => {
              const rows = [
                ...actions
                  .filter((a) => (a.group ?? 'general') === group)
                  .map((a) => ({ keys: a.keys!, label: a.label })),
                ...fixed[group],
              ]
              if (!rows.length) return null
              return (
                <section key={group} data-testid={`cheat-${group}`}>
                  <h3 className={s.group}>{t(`cheatSheet.${group}`)}</h3>
                  <table className={s.table}>
                    <tbody>
                      {rows.map((r) => (
                        <tr key={`${r.keys}-${r.label}`} className={s.row}>
                          <td className={s.cell}>{r.label}</td>
                          <td className={s.keysCell}>
                            <Keys combo={r.keys} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              )
            })}
            <Caption1 className={s.note}>{t('cheatSheet.typingNote')}</Caption1>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} data-testid="cheat-close">
              {t('cheatSheet.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
