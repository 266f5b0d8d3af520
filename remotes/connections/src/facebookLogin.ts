/**
 * The Facebook login of the add menu's Facebook and Instagram items (a
 * channel whose manifest has `connect.kind === 'facebook-login'`): the
 * JavaScript SDK is loaded only when that item is used, the user signs in with
 * the scopes the server lists, and the result goes to the server's endpoint
 * (POST /facebook), which creates one connection per page / Instagram account.
 */
import { api } from '@balcao/ui'
import type { ChannelConnect } from './types.js'

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void
  login(
    callback: (r: { authResponse?: { userID: string; accessToken: string } | null; status?: string }) => void,
    options: { scope: string; return_scopes?: boolean }
  ): void
}

declare global {
  interface Window {
    FB?: FacebookSdk
    fbAsyncInit?: () => void
  }
}

const SDK_URL = 'https://connect.facebook.net/pt_BR/sdk.js'
let loading: Promise<FacebookSdk> | null = null

function loadSdk(): Promise<FacebookSdk> {
  if (window.FB) return Promise.resolve(window.FB)
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => (window.FB ? resolve(window.FB) : reject(new Error('facebook sdk')))
    const script = document.createElement('script')
    script.src = SDK_URL
    script.async = true
    script.crossOrigin = 'anonymous'
    // the SDK calls fbAsyncInit; a stub or a cached copy may only define FB
    script.onload = () => window.FB && resolve(window.FB)
    script.onerror = () => {
      loading = null
      reject(new Error('facebook sdk'))
    }
    document.head.appendChild(script)
  })
  return loading
}

export interface ConnectResult {
  connections: { id: number; name: string; channel: string }[]
  skipped: { channel: string; name: string }[]
}

/** Runs the login and hands its result to the server; null when the user cancelled. */
export async function connectWithFacebook(connect: ChannelConnect): Promise<ConnectResult | null> {
  const sdk = await loadSdk()
  sdk.init({
    appId: String(connect.appId ?? ''),
    version: String(connect.version ?? 'v13.0'),
    cookie: false,
    xfbml: false,
  })
  const auth = await new Promise<{ userID: string; accessToken: string } | null>((resolve) =>
    sdk.login((r) => resolve(r?.authResponse ?? null), { scope: String(connect.scope ?? ''), return_scopes: true })
  )
  if (!auth) return null
  return api.post<ConnectResult>(connect.endpoint, {
    ...(connect.params ?? {}),
    facebookUserId: auth.userID,
    facebookUserToken: auth.accessToken,
  })
}
