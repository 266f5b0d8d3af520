/** A route served by a remote: loads it on first use, with a spinner and an error state. */
import { Component, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import { Spinner } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '@balcao/ui'
import type { RemoteDef } from './manifest.js'

class Boundary extends Component<
  { fallback: (retry: () => void, error: unknown) => ReactNode; children: ReactNode },
  { error: unknown }
> {
  state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  render() {
    if (this.state.error) return this.props.fallback(() => location.reload(), this.state.error)
    return this.props.children
  }
}

/** Given by the host, which owns the federation runtime and registers the remotes. */
export type RemoteComponent = (def: RemoteDef) => LazyExoticComponent<ComponentType<{ route: string }>>

export function RemotePage({ remote, route, load }: { remote: RemoteDef; route: string; load: RemoteComponent }) {
  const { t } = useTranslation()
  const App = load(remote)
  return (
    <Boundary
      fallback={(retry, error) => <ErrorState title={t('layout.moduleFailed')} error={error} onRetry={retry} />}
    >
      <Suspense fallback={<Spinner style={{ marginTop: 48 }} label={t('layout.loadingModule')} />}>
        <App route={route} />
      </Suspense>
    </Boundary>
  )
}
