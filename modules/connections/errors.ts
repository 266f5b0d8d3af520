/** Error codes the connections module answers (declared in its manifest; the core's catalogue holds the shared ones). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_WAPP_NAME_EXISTS: {
    pt: 'Já existe uma conexão com este nome neste canal.',
    en: 'A connection with this name already exists on this channel.',
    es: 'Ya existe una conexión con este nombre en este canal.',
  },
  ERR_WAPP_TOKEN_EXISTS: {
    pt: 'Este token já está em uso. Gere outro.',
    en: 'This token is already in use. Generate another one.',
    es: 'Este token ya está en uso. Genere otro.',
  },
  ERR_WAPP_SEND_QUEUE: {
    pt: 'Informe a fila de redirecionamento quando houver tempo de redirecionamento.',
    en: 'Choose the redirect queue when a redirect time is set.',
    es: 'Elija la cola de redirección cuando haya un tiempo de redirección.',
  },
  ERR_WAPP_EXPIRES_NPS: {
    pt: 'Com mensagem de avaliação, informe o tempo de expiração da avaliação (maior que 0).',
    en: 'With a rating message, set the rating expiry time (greater than 0).',
    es: 'Con mensaje de evaluación, indique el tiempo de expiración de la evaluación (mayor que 0).',
  },
  ERR_WAPP_IMPORT_DATES: {
    pt: 'Datas de importação inválidas: o início deve estar entre 2 anos atrás e agora, e a data recente entre o início e agora.',
    en: 'Invalid import dates: the start must be between 2 years ago and now, and the recent date between the start and now.',
    es: 'Fechas de importación no válidas: el inicio debe estar entre hace 2 años y ahora, y la fecha reciente entre el inicio y ahora.',
  },
  ERR_PLAN_CONNECTIONS_LIMIT: {
    pt: 'Número máximo de conexões do plano já alcançado.',
    en: 'The plan’s maximum number of connections has been reached.',
    es: 'Se alcanzó el número máximo de conexiones del plan.',
  },
}
