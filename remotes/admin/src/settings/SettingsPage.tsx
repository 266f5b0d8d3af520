/**
 * /settings: tabs options; schedules (only when scheduleType is company);
 * companies, plans and helps (super user only) — spec 2 §2.
 */
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Tab, TabList, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, realtime, routeEmbeds, userAtom, ErrorState, Page, RouteEmbed, isAdmin } from '@balcao/ui'
import { OptionsTab } from './OptionsTab.js'
import { SchedulesTab } from './SchedulesTab.js'
import { CompaniesTable } from '../companies/CompaniesTable.js'
import { PlansManager } from '../plans/PlansManager.js'
import { HelpsManager } from '../helps/HelpsManager.js'


type TabName = 'options' | 'schedules' | 'assist' | 'companies' | 'plans' | 'helps'

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '12px' } })

export default function SettingsPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const [tab, setTab] = useState<TabName>('options')
  const [values, setValues] = useState<Record<string, string> | null>(null)
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    api
      .get<{ key: string; value: string }[]>('/settings')
      .then((list) => setValues(Object.fromEntries(list.map((s) => [s.key, s.value]))))
      .catch(setError)
  }, [])

  // another admin's change arrives live
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('settings'), (m) => {
        const s = m.setting as { key: string; value: string } | undefined
        if (s) setValues((v) => (v ? { ...v, [s.key]: s.value } : v))
      }),
    []
  )

  const tabs: TabName[] = ['options']
  if (values?.scheduleType === 'company') tabs.push('schedules')
  // the AI help's key and model, when the plan has the assist module (a route embed, never an import)
  const assist = routeEmbeds.component('/assist')
  if (assist && isAdmin(me)) tabs.push('assist')
  if (me?.super) tabs.push('companies', 'plans', 'helps')
  const current = tabs.includes(tab) ? tab : 'options'

  return (
    <Page title={t('admin.settings.title')}>
      <TabList selectedValue={current} onTabSelect={(_, d) => setTab(d.value as TabName)}>
        {tabs.map((name) => (
          <Tab key={name} value={name} data-testid={`settings-tab-${name}`}>
            {t(`admin.settings.tabs.${name}`)}
          </Tab>
        ))}
      </TabList>
      <div className={styles.body}>
        {error ? (
          <ErrorState error={error} />
        ) : (
          values && (
            <>
              {current === 'options' && (
                <OptionsTab values={values} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} />
              )}
              {current === 'schedules' && <SchedulesTab />}
              {current === 'assist' && assist && (
                <RouteEmbed component={assist} route="/assist" embed={{ onClose: () => setTab('options') }} />
              )}
              {current === 'companies' && <CompaniesTable />}
              {current === 'plans' && <PlansManager />}
              {current === 'helps' && <HelpsManager />}
            </>
          )
        )}
      </div>
    </Page>
  )
}
