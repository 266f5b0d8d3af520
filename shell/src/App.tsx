/** Routes of the shell: the public pages, and the lazily loaded app behind the guard. */
import { lazy, Suspense, type ComponentType } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { loadRemote, registerRemotes } from '@module-federation/runtime'
import { remoteComponent } from './modules/remotes.js'
import { PublicOnly, RequireAuth } from './session/guards.js'
import { useSessionController } from './session/useSessionController.js'
import { Splash } from './public/Splash.js'

const LoginPage = lazy(() => import('./public/LoginPage.js'))
const SignupPage = lazy(() => import('./public/SignupPage.js'))
export type LayoutProps = { remoteComponent: typeof remoteComponent }

/** The signed-in half (Fluent UI, layout, module pages) is its own bundle, fetched only after sign-in. */
const AppLayout = lazy(async () => {
  registerRemotes([{ name: 'shell_app', entry: '/app/remoteEntry.js', type: 'module' }])
  const mod = await loadRemote<{ default: ComponentType<LayoutProps> }>('shell_app/Layout')
  if (!mod) throw new Error('the app bundle did not load')
  return { default: mod.default }
})

function SessionController() {
  useSessionController()
  return null
}

export function App() {
  return (
    <BrowserRouter>
      <SessionController />
      <Suspense fallback={<Splash />}>
        <Routes>
          <Route
            path="/login"
            element={
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            }
          />
          <Route
            path="/signup"
            element={
              <PublicOnly>
                <SignupPage />
              </PublicOnly>
            }
          />
          <Route
            path="*"
            element={
              <RequireAuth>
                <AppLayout remoteComponent={remoteComponent} />
              </RequireAuth>
            }
          />
        </Routes>
      </Suspense>
    </BrowserRouter>
  )
}
