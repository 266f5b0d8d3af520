import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const FileListsController = () => import('./controllers/file_lists_controller.js')

moduleRoutes(manifest, () => {
  router.get('/files', [FileListsController, 'index'])
  router.get('/files/:id', [FileListsController, 'show'])
  router.post('/files', [FileListsController, 'store'])
  router.put('/files/:id', [FileListsController, 'update'])
  router.delete('/files/:id', [FileListsController, 'destroy'])
  router.post('/files/uploadList/:id', [FileListsController, 'upload'])
})
