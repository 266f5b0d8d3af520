/**
 * Health facts of a session (last connected, last message, reconnects, last
 * error, a drop), reported through the core's channel hooks: the connections
 * module stores them (connection_health) and raises the realtime events. A
 * report never throws: health is diagnostic and must not take a session down.
 */
import type { ChannelHooks, ConnectionRef, HealthReport } from '#core/channels'

export function reportHealth(hooks: ChannelHooks, ref: ConnectionRef, report: HealthReport): Promise<void> {
  try {
    return (hooks.health?.(ref, report) ?? Promise.resolve()).catch(() => {})
  } catch {
    return Promise.resolve()
  }
}

/** The moment the session last went away: gap sync takes history from just before it. */
export async function lastDisconnectedAt(hooks: ChannelHooks, ref: ConnectionRef): Promise<Date | null> {
  try {
    const at = await hooks.lastDisconnectedAt?.(ref)
    return at ? new Date(at) : null
  } catch {
    return null
  }
}
