/** What every tab of the connection dialog gets, and the dialog's styles. */
import { makeStyles, tokens } from '@fluentui/react-components'
import type { ConnectionForm } from '../connectionForm.js'

export type { TabName } from './fieldErrors.js'

export interface TabProps {
  v: ConnectionForm
  set: <K extends keyof ConnectionForm>(k: K, value: ConnectionForm[K]) => void
  /** the i18n key of the field's error, if any */
  error: (k: keyof ConnectionForm) => string | undefined
}

export interface Option {
  id: number
  name: string
}

export const useDialogStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: '12px', minHeight: '360px' },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '12px' },
  section: {
    fontWeight: tokens.fontWeightSemibold,
    marginTop: '8px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: '8px',
  },
  media: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
})

export { serverRule } from './fieldErrors.js'
