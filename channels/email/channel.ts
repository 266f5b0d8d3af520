import { defineChannel } from '#core/module'
import { emailErrors } from './errors.js'

const security = (def: 'tls' | 'starttls') => ({
  type: 'select' as const,
  required: true,
  options: [
    { value: 'tls', label: { pt: 'SSL/TLS', en: 'SSL/TLS', es: 'SSL/TLS' } },
    { value: 'starttls', label: { pt: 'STARTTLS', en: 'STARTTLS', es: 'STARTTLS' } },
    { value: 'plain', label: { pt: 'Sem criptografia', en: 'No encryption', es: 'Sin cifrado' } },
  ],
  help: {
    pt: `Normalmente ${def === 'tls' ? 'SSL/TLS (porta 993)' : 'STARTTLS (porta 587) ou SSL/TLS (porta 465)'}.`,
    en: `Usually ${def === 'tls' ? 'SSL/TLS (port 993)' : 'STARTTLS (port 587) or SSL/TLS (port 465)'}.`,
    es: `Normalmente ${def === 'tls' ? 'SSL/TLS (puerto 993)' : 'STARTTLS (puerto 587) o SSL/TLS (puerto 465)'}.`,
  },
})

/**
 * E-mail: a connection is one mailbox, read over IMAP (IDLE, with polling as
 * the fallback) and answered over SMTP. Each thread (Message-ID, In-Reply-To,
 * References) is a conversation; replies go out threaded through the outbox;
 * HTML is sanitised; attachments land in private storage; bounces mark the
 * message failed. Passwords are checked on save and stored sealed; a mailbox
 * belongs to one company.
 */
export default defineChannel({
  name: 'email',
  feature: 'useEmail',
  planFlags: [{ name: 'useEmail', label: { pt: 'E-mail', en: 'E-mail', es: 'Correo' }, default: true }],
  label: { pt: 'E-mail', en: 'E-mail', es: 'Correo electrónico' },
  icon: 'mail',
  color: '#0F6CBD',
  // SMTP servers take several connections; a mailbox's replies need no strict order
  maxInFlight: 4,
  fields: [
    {
      name: 'fromAddress',
      type: 'text',
      required: true,
      label: { pt: 'Endereço do remetente', en: 'From address', es: 'Dirección del remitente' },
      help: {
        pt: 'O endereço que os clientes veem e respondem (ex.: atendimento@empresa.com).',
        en: 'The address customers see and reply to (e.g. support@company.com).',
        es: 'La dirección que ven y responden los clientes (p. ej. soporte@empresa.com).',
      },
    },
    { name: 'fromName', type: 'text', label: { pt: 'Nome do remetente', en: 'From name', es: 'Nombre del remitente' } },
    {
      name: 'imapHost',
      type: 'text',
      required: true,
      label: { pt: 'Servidor IMAP', en: 'IMAP server', es: 'Servidor IMAP' },
      help: { pt: 'Ex.: imap.empresa.com', en: 'E.g. imap.company.com', es: 'P. ej. imap.empresa.com' },
    },
    {
      name: 'imapPort',
      type: 'text',
      label: { pt: 'Porta IMAP', en: 'IMAP port', es: 'Puerto IMAP' },
      help: { pt: 'Padrão: 993.', en: 'Default: 993.', es: 'Predeterminado: 993.' },
    },
    {
      name: 'imapSecurity',
      label: { pt: 'Segurança IMAP', en: 'IMAP security', es: 'Seguridad IMAP' },
      ...security('tls'),
    },
    {
      name: 'imapUser',
      type: 'text',
      required: true,
      label: { pt: 'Usuário IMAP', en: 'IMAP user', es: 'Usuario IMAP' },
    },
    {
      name: 'imapPassword',
      type: 'password',
      required: true,
      label: { pt: 'Senha IMAP', en: 'IMAP password', es: 'Contraseña IMAP' },
      help: {
        pt: 'Verificada no servidor ao salvar e guardada criptografada.',
        en: 'Checked with the server on save and stored encrypted.',
        es: 'Se verifica con el servidor al guardar y se guarda cifrada.',
      },
    },
    {
      name: 'smtpHost',
      type: 'text',
      required: true,
      label: { pt: 'Servidor SMTP', en: 'SMTP server', es: 'Servidor SMTP' },
      help: { pt: 'Ex.: smtp.empresa.com', en: 'E.g. smtp.company.com', es: 'P. ej. smtp.empresa.com' },
    },
    {
      name: 'smtpPort',
      type: 'text',
      label: { pt: 'Porta SMTP', en: 'SMTP port', es: 'Puerto SMTP' },
      help: { pt: 'Padrão: 587.', en: 'Default: 587.', es: 'Predeterminado: 587.' },
    },
    {
      name: 'smtpSecurity',
      label: { pt: 'Segurança SMTP', en: 'SMTP security', es: 'Seguridad SMTP' },
      ...security('starttls'),
    },
    {
      name: 'smtpUser',
      type: 'text',
      label: { pt: 'Usuário SMTP', en: 'SMTP user', es: 'Usuario SMTP' },
      help: { pt: 'Vazio: o usuário IMAP.', en: 'Empty: the IMAP user.', es: 'Vacío: el usuario IMAP.' },
    },
    {
      name: 'smtpPassword',
      type: 'password',
      label: { pt: 'Senha SMTP', en: 'SMTP password', es: 'Contraseña SMTP' },
      help: { pt: 'Vazia: a senha IMAP.', en: 'Empty: the IMAP password.', es: 'Vacía: la contraseña IMAP.' },
    },
    {
      name: 'signature',
      type: 'text',
      label: { pt: 'Assinatura', en: 'Signature', es: 'Firma' },
      help: {
        pt: 'Acrescentada ao fim de cada resposta.',
        en: 'Added at the end of every reply.',
        es: 'Se añade al final de cada respuesta.',
      },
    },
  ],
  settings: () => import('./settings.js'),
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
  errors: emailErrors,
})
