import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const ContactListsController = () => import('./controllers/contact_lists_controller.js')
const ContactListItemsController = () => import('./controllers/contact_list_items_controller.js')
const CampaignSettingsController = () => import('./controllers/campaign_settings_controller.js')
const CampaignsController = () => import('./controllers/campaigns_controller.js')

moduleRoutes(manifest, () => {
  router.get('/contact-lists/list', [ContactListsController, 'list'])
  router.get('/contact-lists', [ContactListsController, 'index'])
  router.get('/contact-lists/:id', [ContactListsController, 'show'])
  router.post('/contact-lists', [ContactListsController, 'store'])
  router.put('/contact-lists/:id', [ContactListsController, 'update'])
  router.delete('/contact-lists/:id', [ContactListsController, 'destroy'])
  router.post('/contact-lists/:id/upload', [ContactListsController, 'upload'])

  router.get('/contact-list-items', [ContactListItemsController, 'index'])
  router.get('/contact-list-items/:id', [ContactListItemsController, 'show'])
  router.post('/contact-list-items', [ContactListItemsController, 'store'])
  router.put('/contact-list-items/:id', [ContactListItemsController, 'update'])
  router.delete('/contact-list-items/:id', [ContactListItemsController, 'destroy'])

  router.get('/campaign-settings', [CampaignSettingsController, 'show'])
  router.post('/campaign-settings', [CampaignSettingsController, 'store'])

  router.get('/campaigns', [CampaignsController, 'index'])
  router.get('/campaigns/:id', [CampaignsController, 'show'])
  // the report's xlsx: a job with progress, then its file
  router.post('/campaigns/:id/exports', [CampaignsController, 'startExport'])
  router.get('/campaigns/:id/exports/:exportId', [CampaignsController, 'exportProgress'])
  router.get('/campaigns/:id/exports/:exportId/file', [CampaignsController, 'exportDownload'])
  router.post('/campaigns', [CampaignsController, 'store'])
  router.put('/campaigns/:id', [CampaignsController, 'update'])
  router.delete('/campaigns/:id', [CampaignsController, 'destroy'])
  router.post('/campaigns/:id/media-upload', [CampaignsController, 'mediaUpload'])
  router.delete('/campaigns/:id/media-upload', [CampaignsController, 'mediaDelete'])
  router.post('/campaigns/:id/cancel', [CampaignsController, 'cancel'])
  router.post('/campaigns/:id/restart', [CampaignsController, 'restart'])
})
