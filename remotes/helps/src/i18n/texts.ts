/** Texts of the helps remote (pt default, en, es). */
export const texts = {
  pt: {
    helpsPage: {
      title: 'Ajuda',
      empty: 'Nenhum vídeo de ajuda ainda.',
      emptyHint: 'Os vídeos cadastrados pelo suporte aparecerão aqui.',
      watch: 'Assistir: {{title}}',
      openLink: 'Abrir link',
      close: 'Fechar',
    },
  },
  en: {
    helpsPage: {
      title: 'Help',
      empty: 'No help videos yet.',
      emptyHint: 'Videos added by support will show up here.',
      watch: 'Watch: {{title}}',
      openLink: 'Open link',
      close: 'Close',
    },
  },
  es: {
    helpsPage: {
      title: 'Ayuda',
      empty: 'Todavía no hay videos de ayuda.',
      emptyHint: 'Los videos agregados por soporte aparecerán aquí.',
      watch: 'Ver: {{title}}',
      openLink: 'Abrir enlace',
      close: 'Cerrar',
    },
  },
}
