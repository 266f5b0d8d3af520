/** Error codes the kanban module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_KANBAN_BAD_CURSOR: {
    pt: 'A página pedida do quadro não é válida. Recarregue o quadro.',
    en: 'The requested board page is not valid. Reload the board.',
    es: 'La página pedida del tablero no es válida. Recargue el tablero.',
  },
  ERR_KANBAN_LANE_ORDER: {
    pt: 'A ordem das colunas deve listar cada tag do Kanban uma única vez.',
    en: 'The lane order must list each kanban tag exactly once.',
    es: 'El orden de las columnas debe listar cada etiqueta del Kanban una sola vez.',
  },
}
