/**
 * /financeiro-aberto: open invoices. Billing is not built yet, so the list is
 * empty; an expired company sees why it was sent here.
 */
import { useAtomValue } from 'jotai'
import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { DataTable, Page, daysUntil, formatDate, userAtom } from '@balcao/ui'

interface Invoice {
  id: number
  detail: string
  value: number
  dueDate: string
  status: string
}

export default function InvoicesPage() {
  const { t } = useTranslation()
  const user = useAtomValue(userAtom)
  const due = user?.company.dueDate
  const expired = !!user && !user.super && (user.company.expired || (daysUntil(due) ?? 0) < 0)
  const invoices: Invoice[] = []
  return (
    <Page title={t('admin.invoices.title')}>
      {expired && (
        <MessageBar intent="error" data-testid="expired-banner">
          <MessageBarBody>{t('session.expired', { date: formatDate(due) })}</MessageBarBody>
        </MessageBar>
      )}
      <DataTable
        ariaLabel={t('admin.invoices.title')}
        items={invoices}
        getRowId={(i) => i.id}
        emptyTitle={t('admin.invoices.empty')}
        columns={[
          { key: 'id', header: t('admin.common.id'), render: (i) => i.id },
          { key: 'detail', header: t('admin.invoices.detail'), render: (i) => i.detail },
          { key: 'value', header: t('admin.invoices.value'), render: (i) => i.value },
          { key: 'dueDate', header: t('admin.invoices.dueDate'), render: (i) => formatDate(i.dueDate) },
          { key: 'status', header: t('admin.invoices.status'), render: (i) => i.status },
        ]}
      />
    </Page>
  )
}
