/** A block of example code with a copy button, named for screen readers by `label`. */
import { useState } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { CopyRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  wrap: {
    minWidth: 0,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'flex',
    flexDirection: 'column',
  },
  bar: { display: 'flex', justifyContent: 'flex-end', padding: '2px 2px 0 0' },
  pre: {
    margin: 0,
    padding: '0 14px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
    overflowX: 'auto',
    whiteSpace: 'pre',
  },
})

/** label: what the block shows, read by screen readers (translated); testId: for the tests */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [copied, setCopied] = useState(false)
  return (
    <div className={styles.wrap}>
      <div className={styles.bar}>
        <Button
        size="small"
        appearance="subtle"
        icon={<CopyRegular />}
        title={copied ? t('messagesApiPage.copied') : t('messagesApiPage.copy')}
        aria-label={t('messagesApiPage.copy')}
        onClick={() => {
          void navigator.clipboard?.writeText(code).then(() => {
            setCopied(true)
            setTimeout(() => setCopied(false), 1500)
          })
        }}
        />
      </div>
      {/* a named region, focusable: its text scrolls sideways, so a keyboard must reach it */}
      <pre className={styles.pre} role="region" tabIndex={0} aria-label={label} data-testid={testId}>
        {code}
      </pre>
    </div>
  )
}
