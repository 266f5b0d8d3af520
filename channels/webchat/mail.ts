/**
 * Replies by e-mail to visitors who left. A reply to a visitor with an e-mail
 * address marks them due (mail_due_at, in PostgreSQL, so a restart or a
 * Redis outage loses nothing); a sweep in the worker processes then sends, in
 * one e-mail, the agent's messages the visitor has not seen in a stream or the
 * history (seen_up_to) nor received by e-mail (mailed_up_to). A visitor who
 * is still on the page has seen them by then and gets nothing.
 * Needs SMTP_URL (smtp[s]://user:pass@host:port) and MAIL_FROM; without
 * SMTP_URL nothing is marked and nothing is sent.
 */
import nodemailer, { type Transporter } from 'nodemailer'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'
import type { Lang } from '#core/error_texts'
import { Whatsapp } from '#core/models'
import { conversationMessages } from '#modules/inbox/public/channel_conversation'

/** how long after a reply the e-mail goes, unless the visitor saw it meanwhile */
export const mailDelayMs = () => Number(process.env.WEBCHAT_MAIL_DELAY_MS ?? 120_000)
const RETRY_MS = 5 * 60_000
const MAX_ATTEMPTS = 5
const BATCH = 50

let transport: { url: string; mailer: Transporter } | null = null
function mailer(): Transporter | null {
  const url = process.env.SMTP_URL
  if (!url) return null
  if (transport?.url !== url) transport = { url, mailer: nodemailer.createTransport(url) }
  return transport.mailer
}

export const mailEnabled = () => Boolean(process.env.SMTP_URL)

/** A reply went to the visitor: their e-mail becomes due (the first pending reply sets the time). */
export async function markReplyForMail(whatsappId: number, number: string) {
  if (!mailEnabled()) return
  await tenantTable('webchat_visitors')
    .where({ whatsapp_id: whatsappId, number })
    .whereNotNull('email')
    .update({
      mail_due_at: db.raw('COALESCE(mail_due_at, ?)', [new Date(Date.now() + mailDelayMs())]),
    })
}

/** A stream or the history showed the visitor their messages up to this id. */
export async function markSeen(whatsappId: number, number: string, upTo: number) {
  if (upTo <= 0) return
  await tenantTable('webchat_visitors')
    .where({ whatsapp_id: whatsappId, number })
    .where('seen_up_to', '<', upTo)
    .update({ seen_up_to: upTo })
}

const texts: Record<
  Lang,
  { subject: (n: string) => string; intro: string; back: (site: string) => string; noReply: string }
> = {
  pt: {
    subject: (n) => `Nova resposta de ${n}`,
    intro: 'Você recebeu uma resposta no chat:',
    back: (site) => `Para continuar a conversa, volte ao chat em ${site}.`,
    noReply: 'Este e-mail não recebe respostas.',
  },
  en: {
    subject: (n) => `New reply from ${n}`,
    intro: 'You got a reply in the chat:',
    back: (site) => `To go on with the conversation, open the chat at ${site}.`,
    noReply: 'Replies to this e-mail are not read.',
  },
  es: {
    subject: (n) => `Nueva respuesta de ${n}`,
    intro: 'Recibió una respuesta en el chat:',
    back: (site) => `Para seguir la conversación, vuelva al chat en ${site}.`,
    noReply: 'Este correo no recibe respuestas.',
  },
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

interface DueVisitor {
  id: number
  company_id: number
  whatsapp_id: number
  number: string
  name: string | null
  email: string
  seen_up_to: string
  mailed_up_to: string
  mail_attempts: number
  lang: string | null
  site: string | null
}

/**
 * One visitor's e-mail: claimed (so two sweeps never both send it), sent, then
 * kept. The claim records what the e-mail covers (mailed_up_to) in the same
 * update, on the condition that nobody moved it since this sweep read the row:
 * a sweep that read the row while another was still sending would otherwise
 * mail the same replies again. A failed send gives the claim back.
 */
async function mailVisitor(v: DueVisitor, send: Transporter) {
  await tenancy.run(v.company_id, async () => {
    const since = Math.max(Number(v.seen_up_to), Number(v.mailed_up_to))
    const unseen = (await conversationMessages(v.whatsapp_id, v.number, since, 50)).filter(
      (m) => m.fromMe && !m.isDeleted && (m.body || m.mediaName)
    )
    const upTo = unseen.length ? Math.max(...unseen.map((m) => m.id)) : Number(v.mailed_up_to)
    const claimed = await tenantTable('webchat_visitors')
      .where('id', v.id)
      .where('mail_due_at', '<=', new Date())
      .where('mailed_up_to', v.mailed_up_to)
      .update({ mail_due_at: null, mailed_up_to: upTo })
    if (!claimed || !unseen.length) return
    const connection = await Whatsapp.find(v.whatsapp_id)
    const from = (connection?.settings?.title as string) || connection?.name || 'Chat'
    const t = texts[(['pt', 'en', 'es'] as const).find((l) => l === v.lang) ?? 'pt']
    const lines = unseen.map((m) => m.body || m.mediaName || '')
    try {
      await send.sendMail({
        from: process.env.MAIL_FROM || 'Balcão <no-reply@localhost>',
        to: v.name ? { name: v.name, address: v.email } : v.email,
        subject: t.subject(from),
        text: [t.intro, '', ...lines, '', v.site ? t.back(v.site) : '', t.noReply].join('\n'),
        html: [
          `<p>${escapeHtml(t.intro)}</p>`,
          ...lines.map((l) => `<blockquote>${escapeHtml(l).replace(/\n/g, '<br>')}</blockquote>`),
          v.site ? `<p>${escapeHtml(t.back(v.site))}</p>` : '',
          `<p><small>${escapeHtml(t.noReply)}</small></p>`,
        ].join('\n'),
      })
    } catch (error) {
      // given back, due again later; after the last attempt the replies stay in the chat's history only
      const attempts = v.mail_attempts + 1
      await tenantTable('webchat_visitors')
        .where('id', v.id)
        .where('mailed_up_to', upTo)
        .update({
          mailed_up_to: v.mailed_up_to,
          mail_attempts: attempts,
          mail_due_at: attempts < MAX_ATTEMPTS ? new Date(Date.now() + RETRY_MS) : null,
        })
      logger.warn({ visitorId: v.id, attempts, error: (error as Error).message }, 'webchat: reply e-mail failed')
      return
    }
    await tenantTable('webchat_visitors').where('id', v.id).update({ mail_attempts: 0 })
  })
}

/** The sweep: every due visitor's e-mail (worker processes, every few seconds). */
export async function sendDueMails() {
  const send = mailer()
  if (!send) return
  const due: DueVisitor[] = await tenancy.asSystem(() =>
    tenantTable('webchat_visitors')
      .where('mail_due_at', '<=', new Date())
      .whereNotNull('email')
      .orderBy('mail_due_at')
      .limit(BATCH)
      .select(
        'id',
        'company_id',
        'whatsapp_id',
        'number',
        'name',
        'email',
        'seen_up_to',
        'mailed_up_to',
        'mail_attempts',
        'lang',
        'site'
      )
  )
  for (const v of due) await mailVisitor(v, send)
}
