/**
 * A page the signed-in user's profile may not open (an attendant on an admin
 * screen): said on the page itself, with the way back. Not the plan's denial
 * toast: the company may well have the feature, this user's role does not.
 */
import { Body1, Button, Subtitle1, makeStyles, tokens } from '@fluentui/react-components'
import { LockClosedRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '10px',
    padding: '48px 16px',
    textAlign: 'center',
  },
  icon: { fontSize: '48px', color: tokens.colorNeutralForeground3 },
  text: { color: tokens.colorNeutralForeground2, maxWidth: '420px' },
})

export function AccessDenied() {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  return (
    <div className={styles.root} role="alert" data-testid="access-denied">
      <LockClosedRegular className={styles.icon} />
      <Subtitle1 as="h1">{t('kit.profileDeniedTitle')}</Subtitle1>
      <Body1 className={styles.text}>{t('kit.profileDenied')}</Body1>
      <Button appearance="primary" onClick={() => navigate('/', { replace: true })}>
        {t('kit.backHome')}
      </Button>
    </div>
  )
}
