/** /companies: super user only; others get the error toast and go to / after 1 s. */
import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Page, userAtom, usePermissionGate } from '@balcao/ui'
import { CompaniesTable } from './CompaniesTable.js'

export default function CompaniesPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const allowed = usePermissionGate(me ? me.super : undefined)
  const [count, setCount] = useState<number | undefined>()
  if (!allowed) return null
  return (
    <Page title={t('admin.companies.title')} count={count}>
      <CompaniesTable onCount={setCount} />
    </Page>
  )
}
