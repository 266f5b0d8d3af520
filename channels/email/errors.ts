/** The e-mail channel's error codes, with their texts. */
export const emailErrors = {
  ERR_EMAIL_IMAP_LOGIN: {
    pt: 'O servidor IMAP recusou o usuário ou a senha.',
    en: 'The IMAP server refused the user or password.',
    es: 'El servidor IMAP rechazó el usuario o la contraseña.',
  },
  ERR_EMAIL_IMAP_UNREACHABLE: {
    pt: 'Não foi possível conectar ao servidor IMAP (endereço, porta ou segurança).',
    en: 'Could not connect to the IMAP server (host, port or security).',
    es: 'No se pudo conectar al servidor IMAP (dirección, puerto o seguridad).',
  },
  ERR_EMAIL_SMTP_LOGIN: {
    pt: 'O servidor SMTP recusou o usuário ou a senha.',
    en: 'The SMTP server refused the user or password.',
    es: 'El servidor SMTP rechazó el usuario o la contraseña.',
  },
  ERR_EMAIL_SMTP_UNREACHABLE: {
    pt: 'Não foi possível conectar ao servidor SMTP (endereço, porta ou segurança).',
    en: 'Could not connect to the SMTP server (host, port or security).',
    es: 'No se pudo conectar al servidor SMTP (dirección, puerto o seguridad).',
  },
  ERR_EMAIL_HOST_PRIVATE: {
    pt: 'Este servidor fica numa rede interna; use o endereço público do servidor de e-mail.',
    en: "This server is on an internal network; use the mail server's public address.",
    es: 'Este servidor está en una red interna; use la dirección pública del servidor de correo.',
  },
  ERR_EMAIL_MAILBOX_TAKEN: {
    pt: 'Esta caixa de e-mail já está conectada em outra empresa.',
    en: 'This mailbox is already connected in another company.',
    es: 'Este buzón ya está conectado en otra empresa.',
  },
  ERR_EMAIL_REJECTED: {
    pt: 'O servidor de e-mail recusou a mensagem.',
    en: 'The mail server refused the message.',
    es: 'El servidor de correo rechazó el mensaje.',
  },
  ERR_EMAIL_BOUNCED: {
    pt: 'O e-mail voltou: não foi entregue ao destinatário.',
    en: 'The e-mail bounced: it was not delivered to the recipient.',
    es: 'El correo rebotó: no se entregó al destinatario.',
  },
  ERR_EMAIL_NO_RECIPIENT: {
    pt: 'Este contato não tem endereço de e-mail nesta conexão.',
    en: 'This contact has no e-mail address on this connection.',
    es: 'Este contacto no tiene dirección de correo en esta conexión.',
  },
  ERR_EMAIL_UNSUPPORTED: {
    pt: 'E-mails enviados não podem ser editados, apagados ou receber reações.',
    en: 'Sent e-mails cannot be edited, deleted or reacted to.',
    es: 'Los correos enviados no se pueden editar, borrar ni recibir reacciones.',
  },
}
