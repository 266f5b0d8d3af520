/** The documentation of the call: endpoint, auth, fields, examples with this host, answers, errors, limits. */
import {
  Body1,
  Button,
  Card,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DocumentArrowDownRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, downloadName, saveBlob, toastError } from '@balcao/ui'
import type { Usage } from './types.js'
import { CodeBlock } from './CodeBlock.js'
import { apiHost, curlMedia, curlStatus, curlText, sampleValues } from './curl.js'

const useStyles = makeStyles({
  grid: { display: 'grid', gap: '16px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 460px), 1fr))' },
  card: { display: 'flex', flexDirection: 'column', gap: '10px', minWidth: 0 },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  name: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { margin: 0, paddingLeft: '18px', display: 'flex', flexDirection: 'column', gap: '4px' },
  table: { tableLayout: 'auto' },
})

const FIELDS: [string, string, string][] = [
  ['number', 'string', 'fNumber'],
  ['body', 'string', 'fBody'],
  ['userId', 'integer', 'fUserId'],
  ['queueId', 'integer', 'fQueueId'],
  ['sendSignature', 'boolean', 'fSendSignature'],
  ['closeTicket', 'boolean', 'fCloseTicket'],
  ['noRegister', 'boolean', 'fNoRegister'],
  ['medias', 'file[]', 'fMedias'],
]

const ERRORS = ['401', '402', '403', '409', '413', '422', '429']

export function DocsSection({ token, limits }: { token: string; limits: Usage['limits'] | null }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const l = limits ?? { perMinute: 60, maxFiles: 5, maxFileMb: 16, idempotencyHours: 24 }
  const samples = sampleValues(t)

  const openApi = async () => {
    try {
      const doc = await api.get<unknown>('/messages-api/openapi.json')
      saveBlob(
        new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }),
        downloadName(t('messagesApiPage.openapiFileName'), 'openapi.json')
      )
    } catch (e) {
      toastError(e)
    }
  }

  return (
    <div className={styles.grid}>
      <Card className={styles.card}>
        <Body1>{t('messagesApiPage.intro')}</Body1>
        <Subtitle2 as="h2">{t('messagesApiPage.endpoint')}</Subtitle2>
        <Body1 className={styles.mono} data-testid="endpoint">
          POST {apiHost()}/api/messages/send
        </Body1>
        <Subtitle2 as="h2">{t('messagesApiPage.auth')}</Subtitle2>
        <Body1>{t('messagesApiPage.authText')}</Body1>
        <Body1>
          <strong>{t('messagesApiPage.numberRule')}</strong>
        </Body1>
        <Subtitle2 as="h2">{t('messagesApiPage.fields')}</Subtitle2>
        <Table size="small" className={styles.table} aria-label={t('messagesApiPage.fields')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('messagesApiPage.field')}</TableHeaderCell>
              <TableHeaderCell>{t('messagesApiPage.type')}</TableHeaderCell>
              <TableHeaderCell>{t('messagesApiPage.description')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {FIELDS.map(([name, type, key]) => (
              <TableRow key={name}>
                <TableCell className={styles.name}>{name}</TableCell>
                <TableCell className={styles.muted}>{type}</TableCell>
                <TableCell>{t(`messagesApiPage.${key}`, { files: l.maxFiles, mb: l.maxFileMb })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Card className={styles.card}>
        <Subtitle2 as="h2">{t('messagesApiPage.examples')}</Subtitle2>
        <Body1>{t('messagesApiPage.exampleText')}</Body1>
        <CodeBlock code={curlText(token, '', '', samples, true)} label={t('messagesApiPage.codeDocText')} testId="curl-doc-text" />
        <Body1>{t('messagesApiPage.exampleMedia')}</Body1>
        <CodeBlock code={curlMedia(token, '', samples.caption, '', samples)} label={t('messagesApiPage.codeDocMedia')} testId="curl-doc-media" />
        <Body1>{t('messagesApiPage.exampleStatus')}</Body1>
        <CodeBlock code={curlStatus(token)} label={t('messagesApiPage.codeDocStatus')} testId="curl-doc-status" />
        <Subtitle2 as="h2">{t('messagesApiPage.answers')}</Subtitle2>
        <ul className={styles.list}>
          <li>{t('messagesApiPage.answerOk')}</li>
          <li>{t('messagesApiPage.answerError')}</li>
        </ul>
        <Subtitle2 as="h2">{t('messagesApiPage.errorsTitle')}</Subtitle2>
        <ul className={styles.list}>
          {ERRORS.map((code) => (
            <li key={code}>
              <strong>{code}</strong> — {t(`messagesApiPage.e${code}`)}
            </li>
          ))}
        </ul>
        <Subtitle2 as="h2">{t('messagesApiPage.limits')}</Subtitle2>
        <ul className={styles.list}>
          <li>{t('messagesApiPage.limitRate', { count: l.perMinute })}</li>
          <li>{t('messagesApiPage.limitIdem', { hours: l.idempotencyHours })}</li>
        </ul>
        <div>
          <Button icon={<DocumentArrowDownRegular />} onClick={() => void openApi()}>
            {t('messagesApiPage.openapi')}
          </Button>
        </div>
      </Card>
    </div>
  )
}
