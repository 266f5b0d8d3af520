/**
 * The port between a session and Baileys. makeWASocket hard-wires its
 * websocket, so tests swap the whole factory for one that returns a fake
 * socket (an EventEmitter `ev` plus the methods below): nothing in the
 * channel depends on more of the socket than this.
 */
import type { AuthenticationState, WAMessage, WASocket } from '@whiskeysockets/baileys'

export type WaSocketLike = Pick<WASocket, 'sendMessage' | 'logout' | 'end'> & {
  ev: { on(event: string, listener: (...args: any[]) => void): unknown; removeAllListeners(event?: any): unknown }
  user?: { id: string; lid?: string; name?: string } | undefined
  requestPairingCode?: WASocket['requestPairingCode']
  rejectCall?: WASocket['rejectCall']
  readMessages?: WASocket['readMessages']
  onWhatsApp?: WASocket['onWhatsApp']
  profilePictureUrl?: WASocket['profilePictureUrl']
  groupMetadata?: WASocket['groupMetadata']
  updateMediaMessage?: WASocket['updateMediaMessage']
}

export interface SocketOptions {
  auth: AuthenticationState
  /** messages we sent, for Baileys' retry requests */
  getMessage: (key: { id?: string | null }) => Promise<any>
  /** the connection this socket is for (Baileys does not need it; the recording fake files its sends under it) */
  connectionId?: number
}

export type SocketFactory = (options: SocketOptions) => WaSocketLike | Promise<WaSocketLike>

/** Downloads an inbound message's media; injectable so tests need no WhatsApp CDN. */
export type MediaDownloader = (message: WAMessage, socket: WaSocketLike) => Promise<Buffer>

/** Baileys logs every frame at debug; only warnings and errors are worth a line here. */
function quietLogger(): any {
  const noop = () => {}
  const log = (level: string) => (obj: unknown, msg?: string) => {
    if (process.env.BAILEYS_LOG === '1') console.error(`[baileys:${level}]`, msg ?? '', obj)
  }
  const logger: any = { level: 'warn', trace: noop, debug: noop, info: noop, warn: log('warn'), error: log('error') }
  logger.child = () => logger
  return logger
}

/** The real thing: Baileys with a quiet logger and a desktop browser identity. */
export const baileysFactory: SocketFactory = async (options) => {
  const { makeWASocket, Browsers, makeCacheableSignalKeyStore } = await import('@whiskeysockets/baileys')
  const logger = quietLogger()
  return makeWASocket({
    auth: { creds: options.auth.creds, keys: makeCacheableSignalKeyStore(options.auth.keys, logger as any) },
    logger: logger as any,
    browser: Browsers.appropriate('Desktop'),
    printQRInTerminal: false,
    syncFullHistory: true,
    markOnlineOnConnect: false,
    defaultQueryTimeoutMs: 90_000,
    getMessage: options.getMessage,
    shouldIgnoreJid: (jid: string) => jid === 'status@broadcast' || jid?.endsWith('@broadcast'),
  }) as unknown as WaSocketLike
}

export const baileysDownloader: MediaDownloader = async (message, socket) => {
  const { downloadMediaMessage } = await import('@whiskeysockets/baileys')
  return (await downloadMediaMessage(
    message,
    'buffer',
    {},
    {
      logger: quietLogger() as any,
      reuploadRequest: socket.updateMediaMessage as any,
    }
  )) as Buffer
}
