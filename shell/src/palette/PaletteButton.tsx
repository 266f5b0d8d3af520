/** The top bar's search button: the palette for whoever has no Ctrl/⌘+K (phones, tablets, the mouse). */
import { useSetAtom } from 'jotai'
import { Button, Tooltip } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { keyboardDialogAtom } from './state.js'

export function PaletteButton() {
  const { t } = useTranslation()
  const open = useSetAtom(keyboardDialogAtom)
  return (
    <Tooltip content={t('palette.open')} relationship="label">
      <Button
        appearance="subtle"
        icon={<SearchRegular />}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => open('palette')}
        data-testid="palette-button"
      />
    </Tooltip>
  )
}
