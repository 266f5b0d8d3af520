/** Error codes the two-factor module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_TWO_FACTOR_INVALID_CODE: {
    pt: 'Código inválido ou já usado. Tente o código atual do seu aplicativo.',
    en: 'Invalid or already used code. Try the current code from your app.',
    es: 'Código no válido o ya usado. Pruebe el código actual de su aplicación.',
  },
  ERR_TWO_FACTOR_CHALLENGE_EXPIRED: {
    pt: 'A verificação expirou. Entre novamente com seu e-mail e senha.',
    en: 'The verification expired. Sign in again with your e-mail and password.',
    es: 'La verificación expiró. Inicie sesión de nuevo con su correo y contraseña.',
  },
  ERR_TWO_FACTOR_ALREADY_ENABLED: {
    pt: 'A verificação em duas etapas já está ativa.',
    en: 'Two-step verification is already on.',
    es: 'La verificación en dos pasos ya está activa.',
  },
  ERR_TWO_FACTOR_NOT_STARTED: {
    pt: 'Comece a configuração da verificação em duas etapas antes de confirmar.',
    en: 'Start the two-step verification setup before confirming.',
    es: 'Inicie la configuración de la verificación en dos pasos antes de confirmar.',
  },
  ERR_TWO_FACTOR_NOT_ENABLED: {
    pt: 'A verificação em duas etapas não está ativa.',
    en: 'Two-step verification is not on.',
    es: 'La verificación en dos pasos no está activa.',
  },
  ERR_TWO_FACTOR_REQUIRED: {
    pt: 'Sua empresa exige a verificação em duas etapas; ela não pode ser desativada.',
    en: 'Your company requires two-step verification; it cannot be turned off.',
    es: 'Su empresa exige la verificación en dos pasos; no se puede desactivar.',
  },
  ERR_TWO_FACTOR_ENROLMENT_REQUIRED: {
    pt: 'Sua empresa exige a verificação em duas etapas. Ative-a para continuar.',
    en: 'Your company requires two-step verification. Turn it on to continue.',
    es: 'Su empresa exige la verificación en dos pasos. Actívela para continuar.',
  },
}
