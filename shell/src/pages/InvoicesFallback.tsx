/**
 * /financeiro-aberto while the module manifest is out of reach (an expired
 * company gets 402 on GET /modules): the expiry message and an empty invoice list.
 */
import { useAtomValue } from 'jotai'
import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { EmptyState, Page, userAtom } from '@balcao/ui'
import { expiryMessage, isExpired } from '../session/subscription.js'

export default function InvoicesFallback() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  return (
    <Page title={t('invoices.title')}>
      {user && isExpired(user) && (
        <MessageBar intent="error" data-testid="expired-banner">
          <MessageBarBody>{expiryMessage(user)}</MessageBarBody>
        </MessageBar>
      )}
      <EmptyState title={t('invoices.empty')} hint={t('invoices.emptyHint')} />
    </Page>
  )
}
