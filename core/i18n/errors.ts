/**
 * The core's error codes (the spec's catalogue and the platform's own) in the
 * three languages. A plugin declares the codes only it answers in its manifest
 * (`errors`); #core/error_texts merges both for the server, and the browser
 * gets the plugins' texts from GET /modules. The shell bundles this file for
 * its toasts; the server sends the text in `message` for API clients too.
 */
export type Lang = 'pt' | 'en' | 'es'

export const errorMessages: Record<string, Record<Lang, string>> = {
  ERR_NO_OTHER_WHATSAPP: {
    pt: 'Deve haver pelo menos uma conexão padrão.',
    en: 'There must be at least one default connection.',
    es: 'Debe haber al menos una conexión predeterminada.',
  },
  ERR_NO_DEF_WAPP_FOUND: {
    pt: 'Nenhuma conexão padrão encontrada.',
    en: 'No default connection found.',
    es: 'No se encontró ninguna conexión predeterminada.',
  },
  ERR_WAPP_NOT_INITIALIZED: {
    pt: 'Esta conexão não foi inicializada.',
    en: 'This connection has not been initialised.',
    es: 'Esta conexión no ha sido inicializada.',
  },
  ERR_WAPP_CHECK_CONTACT: {
    pt: 'Não foi possível verificar o contato.',
    en: 'Could not check the contact.',
    es: 'No se pudo verificar el contacto.',
  },
  ERR_WAPP_INVALID_CONTACT: {
    pt: 'Este não é um número de WhatsApp válido.',
    en: 'This is not a valid WhatsApp number.',
    es: 'Este no es un número de WhatsApp válido.',
  },
  ERR_WAPP_DOWNLOAD_MEDIA: {
    pt: 'Não foi possível baixar a mídia.',
    en: 'Could not download the media.',
    es: 'No se pudo descargar el archivo.',
  },
  ERR_INVALID_CREDENTIALS: {
    pt: 'Erro de autenticação. Por favor, tente novamente.',
    en: 'Authentication error. Please try again.',
    es: 'Error de autenticación. Por favor, inténtelo de nuevo.',
  },
  ERR_WRONG_PASSWORD: {
    pt: 'A senha atual está incorreta.',
    en: 'The current password is wrong.',
    es: 'La contraseña actual es incorrecta.',
  },
  ERR_SENDING_WAPP_MSG: {
    pt: 'Erro ao enviar a mensagem.',
    en: 'Error sending the message.',
    es: 'Error al enviar el mensaje.',
  },
  ERR_DELETE_WAPP_MSG: {
    pt: 'Não foi possível apagar a mensagem.',
    en: 'Could not delete the message.',
    es: 'No se pudo borrar el mensaje.',
  },
  ERR_OTHER_OPEN_TICKET: {
    pt: 'Já existe um ticket aberto para este contato.',
    en: 'There is already an open ticket for this contact.',
    es: 'Ya existe un ticket abierto para este contacto.',
  },
  ERR_SESSION_EXPIRED: {
    pt: 'Sessão expirada. Por favor, entre novamente.',
    en: 'Session expired. Please sign in.',
    es: 'Sesión expirada. Por favor, inicie sesión.',
  },
  ERR_INVALID_TOKEN: {
    pt: 'Token inválido. Tentaremos atribuir um novo na próxima requisição.',
    en: "Invalid token. We'll try to assign a new one on the next request.",
    es: 'Token inválido. Intentaremos asignar uno nuevo en la próxima solicitud.',
  },
  ERR_USER_CREATION_DISABLED: {
    pt: 'A criação de usuários foi desabilitada pelo administrador.',
    en: 'User creation has been disabled by the administrator.',
    es: 'La creación de usuarios fue deshabilitada por el administrador.',
  },
  ERR_NO_PERMISSION: {
    pt: 'Você não tem permissão para acessar este recurso.',
    en: 'You do not have permission to access this resource.',
    es: 'No tiene permiso para acceder a este recurso.',
  },
  ERR_DUPLICATED_CONTACT: {
    pt: 'Já existe um contato com este número.',
    en: 'A contact with this number already exists.',
    es: 'Ya existe un contacto con este número.',
  },
  ERR_NO_SETTING_FOUND: {
    pt: 'Nenhuma configuração encontrada com este ID.',
    en: 'No setting found with this ID.',
    es: 'No se encontró ninguna configuración con este ID.',
  },
  ERR_NO_CONTACT_FOUND: {
    pt: 'Nenhum contato encontrado com este ID.',
    en: 'No contact found with this ID.',
    es: 'No se encontró ningún contacto con este ID.',
  },
  ERR_NO_TICKET_FOUND: {
    pt: 'Nenhum ticket encontrado com este ID.',
    en: 'No ticket found with this ID.',
    es: 'No se encontró ningún ticket con este ID.',
  },
  ERR_NO_USER_FOUND: {
    pt: 'Nenhum usuário encontrado com este ID.',
    en: 'No user found with this ID.',
    es: 'No se encontró ningún usuario con este ID.',
  },
  ERR_NO_WAPP_FOUND: {
    pt: 'Nenhuma conexão encontrada com este ID.',
    en: 'No connection found with this ID.',
    es: 'No se encontró ninguna conexión con este ID.',
  },
  ERR_CREATING_MESSAGE: {
    pt: 'Erro ao criar a mensagem no banco de dados.',
    en: 'Error creating the message in the database.',
    es: 'Error al crear el mensaje en la base de datos.',
  },
  ERR_CREATING_TICKET: {
    pt: 'Erro ao criar o ticket no banco de dados.',
    en: 'Error creating the ticket in the database.',
    es: 'Error al crear el ticket en la base de datos.',
  },
  ERR_FETCH_WAPP_MSG: {
    pt: 'Erro ao buscar a mensagem no WhatsApp, talvez ela seja muito antiga.',
    en: 'Error fetching the WhatsApp message; it may be too old.',
    es: 'Error al obtener el mensaje de WhatsApp; tal vez sea muy antiguo.',
  },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: {
    pt: 'Esta cor já está em uso, escolha outra.',
    en: 'This colour is already in use, choose another.',
    es: 'Este color ya está en uso, elija otro.',
  },
  ERR_WAPP_GREETING_REQUIRED: {
    pt: 'A mensagem de saudação é obrigatória quando há mais de uma fila.',
    en: 'A greeting message is required when there is more than one queue.',
    es: 'El mensaje de saludo es obligatorio cuando hay más de una cola.',
  },
  ERR_OUT_OF_HOURS: {
    pt: 'Fora do horário de expediente!',
    en: 'Outside business hours!',
    es: '¡Fuera del horario laboral!',
  },
  // Codes added by Balcão (not in the original catalogue)
  ERR_VALIDATION: {
    pt: 'Os dados enviados são inválidos.',
    en: 'The data sent is invalid.',
    es: 'Los datos enviados no son válidos.',
  },
  ERR_NOT_FOUND: {
    pt: 'Recurso não encontrado.',
    en: 'Resource not found.',
    es: 'Recurso no encontrado.',
  },
  ERR_INTERNAL: {
    pt: 'Ocorreu um erro interno. Tente novamente.',
    en: 'An internal error occurred. Try again.',
    es: 'Ocurrió un error interno. Inténtelo de nuevo.',
  },
  ERR_TOO_MANY_REQUESTS: {
    pt: 'Muitas tentativas. Aguarde e tente novamente.',
    en: 'Too many attempts. Wait and try again.',
    es: 'Demasiados intentos. Espere e inténtelo de nuevo.',
  },
  ERR_PLAN_FEATURE_DISABLED: {
    pt: 'Esta empresa não possui permissão para acessar este recurso.',
    en: 'This company has no permission to access this feature.',
    es: 'Esta empresa no tiene permiso para acceder a este recurso.',
  },
  ERR_PLAN_USERS_LIMIT: {
    pt: 'Número máximo de usuários do plano já alcançado.',
    en: 'The plan’s maximum number of users has been reached.',
    es: 'Se alcanzó el número máximo de usuarios del plan.',
  },
  ERR_SUBSCRIPTION_EXPIRED: {
    pt: 'A assinatura desta empresa venceu. Contate o suporte.',
    en: 'This company’s subscription has expired. Contact support.',
    es: 'La suscripción de esta empresa venció. Contacte al soporte.',
  },
  ERR_COMPANY_INACTIVE: {
    pt: 'Esta empresa está inativa. Contate o suporte.',
    en: 'This company is inactive. Contact support.',
    es: 'Esta empresa está inactiva. Contacte al soporte.',
  },
  ERR_EMAIL_ALREADY_EXISTS: {
    pt: 'Já existe um usuário com este e-mail.',
    en: 'A user with this e-mail already exists.',
    es: 'Ya existe un usuario con este correo.',
  },
  ERR_COMPANY_NAME_EXISTS: {
    pt: 'Já existe uma empresa com este nome.',
    en: 'A company with this name already exists.',
    es: 'Ya existe una empresa con este nombre.',
  },
  ERR_NO_COMPANY_FOUND: {
    pt: 'Nenhuma empresa encontrada com este ID.',
    en: 'No company found with this ID.',
    es: 'No se encontró ninguna empresa con este ID.',
  },
  ERR_NO_PLAN_FOUND: {
    pt: 'Nenhum plano encontrado com este ID.',
    en: 'No plan found with this ID.',
    es: 'No se encontró ningún plan con este ID.',
  },
  ERR_PLAN_IN_USE: {
    pt: 'Este plano está em uso por empresas e não pode ser excluído.',
    en: 'This plan is used by companies and cannot be deleted.',
    es: 'Este plan está en uso por empresas y no se puede eliminar.',
  },
  ERR_INVALID_FILE_TYPE: {
    pt: 'Tipo de arquivo não permitido.',
    en: 'File type not allowed.',
    es: 'Tipo de archivo no permitido.',
  },
  ERR_PROTECTED_RECORD: {
    pt: 'Este registro é protegido e não pode ser alterado desta forma.',
    en: 'This record is protected and cannot be changed this way.',
    es: 'Este registro está protegido y no se puede cambiar de esta forma.',
  },
  ERR_INVALID_SETTING_VALUE: {
    pt: 'Valor inválido para esta configuração.',
    en: 'Invalid value for this setting.',
    es: 'Valor no válido para esta configuración.',
  },
  ERR_NO_QUEUE_FOUND: {
    pt: 'Nenhuma fila encontrada com este ID.',
    en: 'No queue found with this ID.',
    es: 'No se encontró ninguna cola con este ID.',
  },
  ERR_REALTIME_UNKNOWN_CHANNEL: {
    pt: 'Canal de tempo real desconhecido.',
    en: 'Unknown realtime channel.',
    es: 'Canal de tiempo real desconocido.',
  },
  ERR_REALTIME_STREAM_NOT_FOUND: {
    pt: 'Conexão de tempo real não encontrada.',
    en: 'Realtime connection not found.',
    es: 'Conexión de tiempo real no encontrada.',
  },
  ERR_REALTIME_STREAM_IN_USE: {
    pt: 'Este identificador de conexão de tempo real já está em uso.',
    en: 'This realtime connection id is already in use.',
    es: 'Este identificador de conexión de tiempo real ya está en uso.',
  },
  ERR_REALTIME_TOO_MANY_STREAMS: {
    pt: 'Conexões de tempo real demais abertas. Feche outras abas e tente novamente.',
    en: 'Too many realtime connections open. Close other tabs and try again.',
    es: 'Demasiadas conexiones de tiempo real abiertas. Cierre otras pestañas e inténtelo de nuevo.',
  },
  ERR_CONFLICT: {
    pt: 'O registro conflita com outro já existente.',
    en: 'The record conflicts with an existing one.',
    es: 'El registro entra en conflicto con otro existente.',
  },
  ERR_PAYLOAD_TOO_LARGE: {
    pt: 'O envio é grande demais.',
    en: 'The upload is too large.',
    es: 'El envío es demasiado grande.',
  },
  ERR_INVALID_INBOUND_EVENT: {
    pt: 'Evento recebido em formato inválido.',
    en: 'The inbound event is malformed.',
    es: 'El evento recibido tiene un formato no válido.',
  },
  ERR_SERVICE_UNAVAILABLE: {
    pt: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    en: 'Service temporarily unavailable. Please try again in a moment.',
    es: 'Servicio temporalmente no disponible. Inténtelo de nuevo en unos instantes.',
  },
  ERR_INVALID_SIGNATURE: {
    pt: 'Assinatura do webhook inválida ou expirada.',
    en: 'The webhook signature is invalid or expired.',
    es: 'La firma del webhook no es válida o ha caducado.',
  },
}

export function pickLang(acceptLanguage: string | undefined | null): Lang {
  const value = (acceptLanguage ?? '').toLowerCase()
  for (const part of value.split(',')) {
    const tag = part.trim().slice(0, 2)
    if (tag === 'pt' || tag === 'en' || tag === 'es') return tag
  }
  return 'pt'
}
