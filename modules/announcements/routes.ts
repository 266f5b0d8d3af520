import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const AnnouncementsController = () => import('./announcements_controller.js')

moduleRoutes(manifest, () => {
  router.get('/announcements', [AnnouncementsController, 'index'])
  router.get('/announcements/:id', [AnnouncementsController, 'show'])
  router.post('/announcements', [AnnouncementsController, 'store'])
  router.put('/announcements/:id', [AnnouncementsController, 'update'])
  router.delete('/announcements/:id', [AnnouncementsController, 'destroy'])
  router.post('/announcements/:id/media-upload', [AnnouncementsController, 'mediaUpload'])
  router.delete('/announcements/:id/media-upload', [AnnouncementsController, 'mediaDelete'])
})
