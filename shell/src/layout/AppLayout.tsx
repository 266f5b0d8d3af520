/**
 * Everything behind the sign-in (loaded lazily, with Fluent UI): theme
 * provider, drawer with the manifest's menu, top bar, and the routes of the
 * enabled remotes.
 */
import { useEffect, useMemo, useState } from 'react'
import { Route, Routes, useLocation, useNavigate } from 'react-router'
import { useAtom, useAtomValue } from 'jotai'
import {
  FluentProvider,
  InlineDrawer,
  OverlayDrawer,
  Spinner,
  makeStyles,
  tokens,
  webDarkTheme,
  webLightTheme,
} from '@fluentui/react-components'
import { AccessDenied, Toaster, routeEmbeds, userAtom, type EmbedLoader } from '@balcao/ui'
import { themeAtom, paintTheme, watchSystemTheme, storedTheme } from '../theme/theme.js'
import {
  EMPTY_MANIFEST,
  fetchManifest,
  gateOf,
  manifestAtom,
  menuEntries,
  moduleOn,
  routeTable,
  type GatedRoute,
} from '../modules/manifest.js'
import { RemotePage, type RemoteComponent } from '../modules/RemotePage.js'
import { SideMenu } from './SideMenu.js'
import { ConnectionAlerts } from './ConnectionAlerts.js'
import { TopBar } from './TopBar.js'
import { ShellShortcuts } from '../shortcuts/ShellShortcuts.js'
import { SMALL_SCREEN, useMediaQuery } from './useMediaQuery.js'
import { useVersionCheck } from '../session/useVersionCheck.js'
import { POST_LOGIN_KEY } from '../session/actions.js'
import { subscriptionNotice } from '../session/subscription.js'
import HomePage from '../pages/HomePage.js'
import InvoicesFallback from '../pages/InvoicesFallback.js'
import NotAvailable from '../pages/NotAvailable.js'
import NotFound from '../pages/NotFound.js'

export const DRAWER_WIDTH = 240

/**
 * A path no enabled remote serves: the plan's denial (toast, then /) when the
 * manifest says the module is off for the plan or reserved to the super user;
 * the profile's own message when the user's role lacks it; otherwise a real
 * not-found page. An expired company sees its invoices whatever the path.
 */
function Unserved({ gated, blocked }: { gated: GatedRoute[]; blocked: boolean }) {
  const { pathname } = useLocation()
  if (blocked) return <InvoicesFallback />
  const gate = gateOf(gated, pathname)
  if (gate?.reason === 'role') return <AccessDenied />
  if (gate) return <NotAvailable />
  return <NotFound />
}

const useStyles = makeStyles({
  provider: {
    height: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  // a wide table must not squeeze the menu
  drawer: { backgroundColor: tokens.colorNeutralBackground1, flexShrink: 0 },
  drawerBody: { padding: 0, height: '100%' },
  main: { flexGrow: 1, minWidth: 0, overflowY: 'auto' },
})

export default function AppLayout({ remoteComponent }: { remoteComponent: RemoteComponent }) {
  const styles = useStyles()
  const user = useAtomValue(userAtom)!
  const [theme, setTheme] = useAtom(themeAtom)
  const [manifest, setManifest] = useAtom(manifestAtom)
  const [version, setVersion] = useState<string | null>(null)
  const small = useMediaQuery(SMALL_SCREEN)
  const [open, setOpen] = useState(() => !small && user.defaultMenu !== 'closed')
  const navigate = useNavigate()
  const location = useLocation()

  useEffect(() => paintTheme(theme), [theme])
  useEffect(() => watchSystemTheme(setTheme), [setTheme])
  // a dark defaultTheme is an explicit choice; use it unless this browser has its own
  useEffect(() => {
    if (!storedTheme() && user.defaultTheme === 'dark') setTheme('dark')
  }, [user.defaultTheme, setTheme])
  useVersionCheck(setVersion)

  // the drawer follows the breakpoint: temporary under 600 px
  useEffect(() => setOpen(!small && user.defaultMenu !== 'closed'), [small, user.defaultMenu])

  useEffect(() => {
    let live = true
    setManifest({ status: 'loading', ...EMPTY_MANIFEST })
    void fetchManifest().then((m) => live && setManifest(m))
    return () => {
      live = false
    }
  }, [user.id, user.company.id, user.company.planId, setManifest])

  // every route of the enabled modules (what the top bar's module parts look for)
  const served = useMemo(() => routeTable(manifest.modules), [manifest.modules])
  // what this user may open (a route their profile lacks is answered by the shell itself)
  const routes = useMemo(() => routeTable(manifest.modules, manifest.gated), [manifest.modules, manifest.gated])
  const blocked = manifest.status === 'blocked'
  const entries = useMemo(() => menuEntries(manifest.modules), [manifest.modules])
  // a remote shows another module's piece (e.g. the ticket's schedule dialog) through the kit, never by import
  useEffect(() => {
    routeEmbeds.setLoader((route) => {
      const def = routes.get(route)
      return def ? (remoteComponent(def) as ReturnType<EmbedLoader>) : null
    })
    return () => routeEmbeds.setLoader(null)
  }, [routes, remoteComponent])

  // a fresh sign-in: the subscription notice, and /tickets when a module serves it (spec 1 §4)
  useEffect(() => {
    if (manifest.status === 'loading' || sessionStorage.getItem(POST_LOGIN_KEY) !== '1') return
    sessionStorage.removeItem(POST_LOGIN_KEY)
    subscriptionNotice(user)
    if (location.pathname === '/' && routes.has('/tickets')) navigate('/tickets', { replace: true })
  }, [manifest.status, routes, location.pathname, navigate, user])

  const menu = (
    <SideMenu
      entries={entries}
      version={version}
      blocked={blocked}
      onNavigate={small ? () => setOpen(false) : undefined}
    />
  )

  // layout styles go on an inner element: Fluent copies the provider's classes to its portals
  // (toasts, popovers), and a full-height provider class would cover the page
  return (
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} data-theme={theme}>
      <div className={styles.provider}>
        <Toaster />
        <ShellShortcuts entries={entries} served={routes} blocked={blocked} />
        <ConnectionAlerts enabled={!blocked && entries.some((e) => e.path === '/connections')} />
        <TopBar
          onToggleMenu={() => setOpen((o) => !o)}
          menuOpen={open}
          // while the manifest loads, and for a blocked company, no module part calls the server
          ready={manifest.status === 'ready'}
          moduleOn={(path, flag) => moduleOn(manifest, served, path, flag)}
        />
        <div className={styles.body}>
          {small ? (
            <OverlayDrawer open={open} onOpenChange={(_, d) => setOpen(d.open)} style={{ width: DRAWER_WIDTH }}>
              {menu}
            </OverlayDrawer>
          ) : (
            <InlineDrawer open={open} className={styles.drawer} style={{ width: DRAWER_WIDTH }} separator>
              {menu}
            </InlineDrawer>
          )}
          <main className={styles.main} id="content">
            {manifest.status === 'loading' ? (
              <Spinner style={{ marginTop: 48 }} />
            ) : (
              <Routes>
                {[...routes.entries()].flatMap(([path, remote]) => [
                  <Route
                    key={path}
                    path={path}
                    element={<RemotePage remote={remote} route={path} load={remoteComponent} />}
                  />,
                  <Route
                    key={`${path}/*`}
                    path={`${path}/*`}
                    element={<RemotePage remote={remote} route={path} load={remoteComponent} />}
                  />,
                ])}
                {!routes.has('/') && (
                  <Route path="/" element={blocked ? <InvoicesFallback /> : <HomePage entries={entries} />} />
                )}
                {!routes.has('/financeiro-aberto') && (
                  <Route path="/financeiro-aberto" element={<InvoicesFallback />} />
                )}
                <Route path="*" element={<Unserved gated={manifest.gated} blocked={blocked} />} />
              </Routes>
            )}
          </main>
        </div>
      </div>
    </FluentProvider>
  )
}
