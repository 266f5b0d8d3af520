/**
 * Renders another module's embed (see modules/embeds.ts) in place: nothing
 * while its remote loads, and a failed load only calls onError, so the
 * caller's screen never breaks because of a module it does not own.
 */
import { Component, Suspense, type ComponentType, type ReactNode } from 'react'
import type { RouteEmbedProps } from '../modules/embeds.js'

class Guard extends Component<{ onError: (e: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error)
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}

export function RouteEmbed<E extends object>(props: {
  component: ComponentType<RouteEmbedProps<E>>
  route: string
  embed: E & { onClose: () => void }
  onError?: (e: unknown) => void
}) {
  const Embedded = props.component
  return (
    <Guard onError={props.onError ?? (() => props.embed.onClose())}>
      <Suspense fallback={null}>
        <Embedded route={props.route} embed={props.embed} />
      </Suspense>
    </Guard>
  )
}
