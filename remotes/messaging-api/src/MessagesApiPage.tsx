/**
 * /messages-api (spec 3 §2): the documentation of the sending call, the two
 * test forms (text; media) that call the real endpoint with the chosen
 * connection's token, the day's usage counters and the outgoing webhooks.
 */
import { useEffect, useState } from 'react'
import { Tab, TabList, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, Page, toastError } from '@balcao/ui'
import type { ApiConnection, Usage } from './types.js'
import { DocsSection } from './DocsSection.js'
import { TestForms } from './TestForms.js'
import { UsageSection } from './UsageSection.js'
import { WebhooksSection } from './WebhooksSection.js'

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', flexShrink: 0 },
})

type TabId = 'docs' | 'test' | 'usage' | 'webhooks'

export default function MessagesApiPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [tab, setTab] = useState<TabId>('docs')
  const [connections, setConnections] = useState<ApiConnection[] | null>(null)
  const [tokenId, setTokenId] = useState<string | null>(null)
  const [usage, setUsage] = useState<Usage | null>(null)
  const [usageError, setUsageError] = useState<unknown>(null)

  const loadUsage = () =>
    api
      .get<Usage>('/messages-api/usage')
      .then((u) => {
        setUsage(u)
        setUsageError(null)
      })
      .catch(setUsageError)

  useEffect(() => {
    api
      .get<ApiConnection[]>('/messages-api/connections')
      .then((list) => {
        setConnections(list)
        const first = list.find((c) => c.isDefault) ?? list[0]
        if (first) setTokenId(String(first.id))
      })
      .catch((e) => {
        setConnections([])
        toastError(e)
      })
    void loadUsage()
  }, [])

  const token = connections?.find((c) => String(c.id) === tokenId)?.token ?? ''

  return (
    <Page title={t('messagesApiPage.title')}>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => {
          setTab(d.value as TabId)
          if (d.value === 'usage') void loadUsage()
        }}
      >
        <Tab value="docs">{t('messagesApiPage.tabDocs')}</Tab>
        <Tab value="test">{t('messagesApiPage.tabTest')}</Tab>
        <Tab value="usage">{t('messagesApiPage.tabUsage')}</Tab>
        <Tab value="webhooks">{t('messagesApiPage.tabWebhooks')}</Tab>
      </TabList>
      {tab === 'docs' && <DocsSection token={token} limits={usage?.limits ?? null} />}
      {tab === 'test' && (
        <TestForms
          connections={connections}
          tokenId={tokenId}
          onTokenId={setTokenId}
          token={token}
          onSent={() => void loadUsage()}
        />
      )}
      {tab === 'usage' && <UsageSection usage={usage} error={usageError} onRetry={() => void loadUsage()} />}
      {tab === 'webhooks' && <WebhooksSection />}
    </Page>
  )
}
