import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const Connections = () => import('./connections_controller.js')
const Sessions = () => import('./sessions_controller.js')
const Imports = () => import('./import_controller.js')
const Admin = () => import('./admin_controller.js')

moduleRoutes(manifest, () => {
  // static paths first: /whatsapp/all must not be read as an id
  router.get('/whatsapp/all', [Admin, 'all'])
  router.get('/whatsapp-admin/:id', [Admin, 'company'])
  router.get('/whatsapp-admin/:id/channels', [Admin, 'channels'])
  router.put('/whatsapp-admin/:id', [Admin, 'update'])

  router.get('/whatsapp', [Connections, 'index'])
  router.get('/whatsapp/:id', [Connections, 'show'])
  router.post('/whatsapp', [Connections, 'store'])
  router.put('/whatsapp/:id', [Connections, 'update'])
  router.delete('/whatsapp/:id', [Connections, 'destroy'])
  router.post('/whatsapp/:id/media-upload', [Connections, 'mediaUpload'])
  router.delete('/whatsapp/:id/media-upload', [Connections, 'mediaDelete'])

  router.post('/whatsappsession/:id', [Sessions, 'start'])
  router.put('/whatsappsession/:id', [Sessions, 'fresh'])
  router.delete('/whatsappsession/:id', [Sessions, 'disconnect'])
  router.post('/whatsapp-restart', [Sessions, 'restartAll'])

  router.post('/closedimported/:id', [Imports, 'closeImported'])
})
