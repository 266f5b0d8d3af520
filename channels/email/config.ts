/**
 * The channel's knobs, read at call time (tests switch them without a reboot):
 * EMAIL_POLL_SECONDS (a mailbox is looked at least this often, IDLE or not;
 * default 60, 20 without IDLE), EMAIL_CONNECT_TIMEOUT_MS (IMAP/SMTP checks on
 * save and session connects; default 15000), EMAIL_MAX_ATTACHMENT_MB (larger
 * attachments are left out with a note; default 25).
 */
const num = (name: string, fallback: number) => {
  const n = Number(process.env[name])
  return Number.isFinite(n) && n > 0 ? n : fallback
}

export const pollSeconds = (idle: boolean) => num('EMAIL_POLL_SECONDS', idle ? 60 : 20)
export const connectTimeoutMs = () => num('EMAIL_CONNECT_TIMEOUT_MS', 15_000)
export const maxAttachmentBytes = () => num('EMAIL_MAX_ATTACHMENT_MB', 25) * 1024 * 1024
