import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { FileListDialog } from './FileListsPage.js'
import type { FileList } from './types.js'

registerTranslations()

/** as GET /files answers; '#' stands for the signed links so that nothing is fetched */
const list: FileList = {
  id: 7,
  name: 'Catálogo de dezembro',
  message: 'Olá! Seguem o catálogo e a tabela de preços de dezembro.',
  options: [
    {
      id: 21,
      name: 'Catálogo',
      path: 'catalogo-dezembro.pdf',
      mediaType: 'application/pdf',
      size: 2_480_000,
      url: '#',
    },
    {
      id: 22,
      name: 'Tabela de preços',
      path: 'tabela-precos.xlsx',
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: 48_000,
      url: '#',
    },
    { id: 23, name: 'Vitrine', path: 'vitrine.jpg', mediaType: 'image/jpeg', size: 310_000, url: '#' },
    /** saved without a file: its upload failed or is still to be chosen */
    { id: 24, name: 'Vídeo da loja', path: null, mediaType: null, size: null, url: null },
  ],
}

const meta: Meta<typeof FileListDialog> = {
  title: 'Files/FileListDialog',
  component: FileListDialog,
  args: { list: null, onClose: () => {}, onSaved: () => {} },
}
export default meta
type Story = StoryObj<typeof FileListDialog>

/** a new list: no files until "Add file" */
export const New: Story = {}
/** editing: each file with its caption and a link to the stored file; one still without a file */
export const WithFiles: Story = { args: { list } }
export const Dark: Story = { args: { list }, globals: { theme: 'dark' } }
