import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import FileList from '../models/file_list.js'
import FileListOption from '../models/file_list_option.js'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
const aList = (o: TenantWorld, marker = `Files ${uid()}`) =>
  tenancy.run(o.company.id, async () => {
    const list = await FileList.create({ name: marker, message: 'Segue o catálogo', userId: o.admin.id })
    await FileListOption.create({ fileListId: list.id, name: `Catálogo ${marker}`, position: 0 })
    return list
  })

// any signed-in user of the company reads and writes file lists
export default defineIsolationCases([
  {
    route: 'GET /files',
    access: 'user',
    fixture: async (o) => {
      const marker = `Files ${uid()}`
      await aList(o, marker)
      return { marker }
    },
  },
  { route: 'GET /files/:id', access: 'user', fixture: async (o) => ({ params: { id: (await aList(o)).id } }) },
  {
    route: 'POST /files',
    access: 'user',
    ok: 201,
    fixture: async () => ({ body: { name: 'Catálogo', message: 'Veja os arquivos', options: [{ name: 'Preços' }] } }),
  },
  {
    route: 'PUT /files/:id',
    access: 'user',
    fixture: async (o) => ({
      params: { id: (await aList(o)).id },
      body: { name: 'Renomeada', message: 'Nova mensagem' },
    }),
  },
  { route: 'DELETE /files/:id', access: 'user', fixture: async (o) => ({ params: { id: (await aList(o)).id } }) },
  {
    route: 'POST /files/uploadList/:id',
    access: 'user',
    fixture: async (o) => ({
      params: { id: (await aList(o)).id },
      body: { name: 'Foto' },
      files: { files: { name: 'foto.png', content: PNG } },
    }),
  },
])
