/** Error codes the schedules module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_SCHEDULE_FOUND: {
    pt: 'Nenhum agendamento encontrado com este ID.',
    en: 'No schedule found with this ID.',
    es: 'No se encontró ningún agendamiento con este ID.',
  },
  ERR_SCHEDULE_ALREADY_SENT: {
    pt: 'Este agendamento já foi enviado e não pode mais ser alterado.',
    en: 'This schedule was already sent and can no longer be changed.',
    es: 'Este agendamiento ya fue enviado y ya no se puede cambiar.',
  },
  ERR_SCHEDULE_NO_CONNECTION: {
    pt: 'Nenhuma conexão disponível para enviar a mensagem agendada.',
    en: 'No connection is available to send the scheduled message.',
    es: 'No hay ninguna conexión disponible para enviar el mensaje programado.',
  },
  ERR_SCHEDULE_CONTACT_GONE: {
    pt: 'O contato deste agendamento não existe mais.',
    en: 'The contact of this schedule no longer exists.',
    es: 'El contacto de este agendamiento ya no existe.',
  },
  ERR_SCHEDULE_REPEAT_END: {
    pt: 'Escolha como a repetição termina: depois de um número de envios ou em uma data (apenas um dos dois).',
    en: 'Choose how the repetition ends: after a number of sends or on a date (only one of them).',
    es: 'Elija cómo termina la repetición: después de un número de envíos o en una fecha (solo uno de los dos).',
  },
  ERR_SCHEDULE_REPEAT_WEEKDAYS: {
    pt: 'Os dias da semana só valem para a repetição semanal.',
    en: 'Weekdays apply only to a weekly repetition.',
    es: 'Los días de la semana solo valen para la repetición semanal.',
  },
  ERR_SCHEDULE_REPEAT_UNTIL: {
    pt: 'A data final da repetição não pode ser anterior ao primeiro envio.',
    en: 'The end date of the repetition cannot be before the first send.',
    es: 'La fecha final de la repetición no puede ser anterior al primer envío.',
  },
  ERR_SCHEDULE_REPEAT_TOO_MANY: {
    pt: 'Um agendamento recorrente pode enviar no máximo 365 vezes.',
    en: 'A recurring schedule can send at most 365 times.',
    es: 'Un agendamiento recurrente puede enviar como máximo 365 veces.',
  },
}
