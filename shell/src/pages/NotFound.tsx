/** A path no module serves and no gate names: a real not-found page, with the way back. */
import { useLocation, useNavigate } from 'react-router'
import { Body1, Button, Subtitle1, makeStyles, tokens } from '@fluentui/react-components'
import { DocumentQuestionMarkRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '10px',
    padding: '64px 16px',
    textAlign: 'center',
  },
  icon: { fontSize: '56px', color: tokens.colorNeutralForeground3 },
  text: { color: tokens.colorNeutralForeground2, maxWidth: '440px', overflowWrap: 'anywhere' },
  code: { fontFamily: tokens.fontFamilyMonospace },
})

export default function NotFound() {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <section className={styles.root} data-testid="not-found">
      <DocumentQuestionMarkRegular className={styles.icon} />
      <Subtitle1 as="h1">{t('notFound.title')}</Subtitle1>
      <Body1 className={styles.text}>
        {t('notFound.text')} <span className={styles.code}>{pathname}</span>
      </Body1>
      <Button appearance="primary" onClick={() => navigate('/', { replace: true })}>
        {t('notFound.home')}
      </Button>
    </section>
  )
}
