/**
 * The Meta app this deployment talks to (one per deployment, from .env):
 * META_APP_ID, META_APP_SECRET (signs every webhook), META_VERIFY_TOKEN (the
 * webhook subscription handshake), META_GRAPH_URL and META_GRAPH_VERSION
 * (tests point the URL at a local fake Graph server). Read at call time, so a
 * test can switch them without a reboot; start/env.ts validates them at boot.
 */
export interface MetaConfig {
  appId: string
  appSecret: string
  verifyToken: string
  graphUrl: string
  graphVersion: string
}

export function metaConfig(): MetaConfig {
  return {
    appId: process.env.META_APP_ID ?? '',
    appSecret: process.env.META_APP_SECRET ?? '',
    verifyToken: process.env.META_VERIFY_TOKEN ?? '',
    graphUrl: (process.env.META_GRAPH_URL || 'https://graph.facebook.com').replace(/\/+$/, ''),
    graphVersion: process.env.META_GRAPH_VERSION || 'v21.0',
  }
}
