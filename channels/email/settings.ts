/**
 * The e-mail connection settings. On every save the IMAP login and the SMTP
 * login are tried (422 on the field with the channel's ERR_ code when a server
 * refuses); passwords are stored sealed. A stored password is kept when its
 * server cannot be reached (renaming a connection must not depend on the mail
 * server); a refused one never. A mailbox (IMAP user@host) connected in
 * another company is refused: one mailbox never feeds two companies.
 */
import vine from '@vinejs/vine'
import { isSealed, openSecret, sealSecret } from '#core/secrets'
import { tenancy, tenantTable } from '#core/tenancy'
import { accountOf, checkImap, checkSmtp, mailboxOf } from './accounts.js'

const open = (v: unknown) => (isSealed(v) ? openSecret(v) : typeof v === 'string' ? v : '')

/** Whether another company has a connection on this mailbox (started or not). */
export async function mailboxTakenElsewhere(mailbox: string, companyId: number | undefined) {
  const [user, host] = [mailbox.slice(0, mailbox.lastIndexOf('@')), mailbox.slice(mailbox.lastIndexOf('@') + 1)]
  // system: the point is to see other companies' connections (only a yes/no leaves this function)
  return tenancy.asSystem(async () => {
    const claimed = await tenantTable('email_mailboxes')
      .where('mailbox', mailbox)
      .whereNot('company_id', companyId ?? 0)
      .first()
    if (claimed) return true
    const configured = await tenantTable('whatsapps')
      .where('channel', 'email')
      .whereNot('company_id', companyId ?? 0)
      .whereRaw(`lower(trim(settings->>'imapUser')) = ?`, [user])
      .whereRaw(`rtrim(lower(trim(settings->>'imapHost')), '.') = ?`, [host])
      .first()
    return Boolean(configured)
  })
}

/** The IMAP check, on the IMAP password (it needs the whole account): login, then the mailbox's owner. */
const imapChecked = vine.createRule(
  async (value, _options, field) => {
    if (typeof value !== 'string' || !field.isValid) return
    const parent = field.parent as Record<string, unknown>
    const account = accountOf({ ...parent, imapPassword: sealSecret(open(value)) })
    if (!account.imap.host || !account.imap.user) return
    if (await mailboxTakenElsewhere(mailboxOf(account.imap), tenancy.companyId())) {
      field.report('ERR_EMAIL_MAILBOX_TAKEN', 'ERR_EMAIL_MAILBOX_TAKEN', field)
      return
    }
    const error = await checkImap(account)
    if (error && !(error === 'ERR_EMAIL_IMAP_UNREACHABLE' && isSealed(value))) {
      field.report(error, error, field)
      return
    }
    field.mutate(sealSecret(open(value)), field)
  },
  { isAsync: true }
)

/** The SMTP check, on the SMTP host (user and password may default to IMAP's). */
const smtpChecked = vine.createRule(
  async (value, _options, field) => {
    if (typeof value !== 'string' || !field.isValid) return
    const parent = field.parent as Record<string, unknown>
    const seal = (v: unknown) => (typeof v === 'string' && v ? sealSecret(open(v)) : undefined)
    const account = accountOf({
      ...parent,
      imapPassword: seal(parent.imapPassword),
      smtpPassword: seal(parent.smtpPassword),
    })
    if (!account.smtp.password && account.smtp.user) return
    const error = await checkSmtp(account)
    const stored = isSealed(parent.smtpPassword) || (!parent.smtpPassword && isSealed(parent.imapPassword))
    if (error && !(error === 'ERR_EMAIL_SMTP_UNREACHABLE' && stored)) field.report(error, error, field)
  },
  { isAsync: true }
)

const sealed = vine.createRule((value, _options, field) => {
  if (typeof value === 'string' && value) field.mutate(sealSecret(open(value)), field)
})

const host = () =>
  vine
    .string()
    .trim()
    .toLowerCase()
    .maxLength(253)
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?\.?$|^\[[0-9a-f:.]+\]$/)
const port = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{1,5}$/)
    .optional()
const security = () => vine.enum(['tls', 'starttls', 'plain'])

export default vine.object({
  fromAddress: vine.string().trim().email().maxLength(320),
  fromName: vine.string().trim().maxLength(100).optional(),
  signature: vine.string().maxLength(2000).optional(),
  imapHost: host(),
  imapPort: port(),
  imapSecurity: security(),
  imapUser: vine.string().trim().minLength(1).maxLength(255),
  smtpHost: host().use(smtpChecked()),
  smtpPort: port(),
  smtpSecurity: security(),
  smtpUser: vine.string().trim().maxLength(255).optional(),
  smtpPassword: vine.string().maxLength(4000).use(sealed()).optional(),
  // last: its check reads the fields above from the parent
  imapPassword: vine.string().minLength(1).maxLength(4000).use(imapChecked()),
})
