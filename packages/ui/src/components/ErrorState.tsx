/** A failed load, with the reason and a retry. */
import { Body1, Button, Caption1, makeStyles, tokens } from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { errorText } from '@balcao/ui/core'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    padding: '32px 16px',
    textAlign: 'center',
  },
  icon: { fontSize: '40px', color: tokens.colorPaletteRedForeground1 },
})

export function ErrorState(props: { error?: unknown; title?: string; onRetry?: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.root} role="alert" data-testid="error-state">
      <ErrorCircleRegular className={styles.icon} />
      <Body1>{props.title ?? t('kit.errorTitle')}</Body1>
      {props.error !== undefined && <Caption1>{errorText(props.error)}</Caption1>}
      {props.onRetry && (
        <Button appearance="primary" onClick={props.onRetry}>
          {t('kit.retry')}
        </Button>
      )}
    </div>
  )
}
