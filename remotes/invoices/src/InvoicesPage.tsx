/**
 * /financeiro-aberto. A company's users see its invoices and, when the
 * subscription expired, why they landed here. The super user sees every
 * company's invoices by status and records payments.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
} from '@fluentui/react-components'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, EmptyState, formatDate, Page, toastError, toasts, userAtom } from '@balcao/ui'

interface Invoice {
  id: number
  companyId: number
  companyName?: string
  detail: string
  amount: number
  dueDate: string
  status: 'open' | 'paid' | 'overdue'
  paidAt: string | null
}

const useStyles = makeStyles({ wrap: { overflowX: 'auto' } })
const COLOR = { open: 'warning', paid: 'success', overdue: 'danger' } as const
type Filter = 'all' | 'open' | 'overdue' | 'paid'

export function InvoicesPage() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const user = useAtomValue(userAtom)
  const isSuper = Boolean(user?.super)
  const [filter, setFilter] = useState<Filter>(isSuper ? 'open' : 'all')
  const [rows, setRows] = useState<Invoice[] | null>(null)
  const [company, setCompany] = useState<{ dueDate: string | null; expired: boolean } | null>(null)
  const [paying, setPaying] = useState<Invoice | null>(null)

  const load = useCallback(async () => {
    try {
      if (isSuper) {
        const r = await api.get<{ invoices: Invoice[] }>('/invoices/all', filter === 'all' ? {} : { status: filter })
        setRows(r.invoices)
      } else {
        const r = await api.get<{ invoices: Invoice[]; company: { dueDate: string | null; expired: boolean } }>('/invoices')
        setRows(r.invoices)
        setCompany(r.company)
      }
    } catch {
      toasts.error(t('invoicesPage.fetchError'))
      setRows([])
    }
  }, [isSuper, filter, t])

  useEffect(() => {
    void load()
  }, [load])

  const money = (v: number) =>
    v.toLocaleString(i18n.language === 'en' ? 'en-US' : i18n.language === 'es' ? 'es-ES' : 'pt-BR', {
      style: 'currency',
      currency: 'BRL',
    })

  const pay = async () => {
    if (!paying) return
    try {
      const r = await api.put<{ dueDate: string }>(`/invoices/${paying.id}/pay`, {})
      toasts.success(t('invoicesPage.paid', { date: formatDate(r.dueDate) }))
      setPaying(null)
      await load()
    } catch (e) {
      toastError(e)
    }
  }

  const visible = isSuper || filter === 'all' ? rows : rows?.filter((r) => r.status === filter)
  return (
    <Page title={t('invoicesPage.title')} count={visible?.length}>
      {company?.expired && company.dueDate && (
        <MessageBar intent="error" data-testid="expired-banner">
          <MessageBarBody>{t('invoicesPage.expired', { date: formatDate(company.dueDate) })}</MessageBarBody>
        </MessageBar>
      )}
      {company && !company.expired && company.dueDate && (
        <Text>{t('invoicesPage.nextDue', { date: formatDate(company.dueDate) })}</Text>
      )}
      <TabList selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as Filter)}>
        {(['all', 'open', 'overdue', 'paid'] as const).map((f) => (
          <Tab key={f} value={f}>
            {t(`invoicesPage.filter.${f}`)}
          </Tab>
        ))}
      </TabList>
      {!visible ? (
        <Spinner />
      ) : visible.length === 0 ? (
        <EmptyState title={t('invoicesPage.empty')} />
      ) : (
        <div className={styles.wrap}>
          <Table size="small" data-testid="invoices-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>ID</TableHeaderCell>
                {isSuper && <TableHeaderCell>{t('invoicesPage.columns.company')}</TableHeaderCell>}
                <TableHeaderCell>{t('invoicesPage.columns.detail')}</TableHeaderCell>
                <TableHeaderCell>{t('invoicesPage.columns.amount')}</TableHeaderCell>
                <TableHeaderCell>{t('invoicesPage.columns.dueDate')}</TableHeaderCell>
                <TableHeaderCell>{t('invoicesPage.columns.status')}</TableHeaderCell>
                {isSuper && <TableHeaderCell>{t('invoicesPage.columns.actions')}</TableHeaderCell>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((r) => (
                <TableRow key={r.id} data-testid={`invoice-${r.id}`}>
                  <TableCell>{r.id}</TableCell>
                  {isSuper && <TableCell>{r.companyName}</TableCell>}
                  <TableCell>{r.detail}</TableCell>
                  <TableCell>{money(r.amount)}</TableCell>
                  <TableCell>{formatDate(r.dueDate)}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={COLOR[r.status]}>
                      {t(`invoicesPage.status.${r.status}`)}
                    </Badge>
                  </TableCell>
                  {isSuper && (
                    <TableCell>
                      {r.status !== 'paid' && (
                        <Button size="small" onClick={() => setPaying(r)}>
                          {t('invoicesPage.markPaid')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <ConfirmDialog
        open={paying !== null}
        title={t('invoicesPage.markPaid')}
        onConfirm={pay}
        onClose={() => setPaying(null)}
      >
        {paying && t('invoicesPage.confirmPaid', { id: paying.id, company: paying.companyName ?? '' })}
      </ConfirmDialog>
    </Page>
  )
}
