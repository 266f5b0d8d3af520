/**
 * Inbox routes, at the spec's paths (spec 1 §7, spec 2 §7, spec 3 §7). Static
 * segments are registered before their /:id siblings.
 */
import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const Tickets = () => import('./controllers/tickets_controller.js')
const Messages = () => import('./controllers/messages_controller.js')
const Notes = () => import('./controllers/notes_controller.js')
const Contacts = () => import('./controllers/contacts_controller.js')
const Tags = () => import('./controllers/tags_controller.js')
const QuickMessages = () => import('./controllers/quick_messages_controller.js')
const ContactImport = () => import('./controllers/contact_import_controller.js')

moduleRoutes(manifest, () => {
  router.get('/tickets', [Tickets, 'index'])
  router.get('/tickets/u/:uuid', [Tickets, 'showByUuid'])
  router.post('/tickets/closeAll', [Tickets, 'closeAll'])
  router.get('/tickets/:id', [Tickets, 'show'])
  router.post('/tickets', [Tickets, 'store'])
  router.put('/tickets/:id', [Tickets, 'update'])
  router.delete('/tickets/:id', [Tickets, 'destroy'])
  router.get('/tickets-log/:id', [Tickets, 'logs'])
  router.get('/messages-search', [Tickets, 'search'])

  router.get('/messages-allMe', [Messages, 'allMe'])
  router.get('/messages/:ticketId', [Messages, 'index'])
  router.post('/messages/:ticketId', [Messages, 'store'])
  router.post('/messages/edit/:id', [Messages, 'edit'])
  router.post('/messages/:id/reaction', [Messages, 'react'])
  router.delete('/messages/:id', [Messages, 'destroy'])
  router.post('/message/forward', [Messages, 'forward'])

  router.get('/ticket-notes/list', [Notes, 'list'])
  router.post('/ticket-notes', [Notes, 'store'])
  router.delete('/ticket-notes/:id', [Notes, 'destroy'])

  router.get('/contacts', [Contacts, 'index'])
  router.get('/contacts/list', [Contacts, 'list'])
  // the xlsx of the company's contacts: a job with progress, then its file
  router.post('/contacts/exports', [ContactImport, 'startExport'])
  router.get('/contacts/exports/:id', [ContactImport, 'exportProgress'])
  router.get('/contacts/exports/:id/file', [ContactImport, 'exportDownload'])
  router.post('/contacts/upload', [ContactImport, 'upload'])
  router.post('/contacts/import', [ContactImport, 'upload']).as('contacts.import')
  router.post('/contacts/import/chats', [ContactImport, 'chats'])
  router.get('/contacts/import/:id', [ContactImport, 'status'])
  router.post('/contactsImport', [ContactImport, 'rows'])
  router.get('/contacts/profile/:number', [Contacts, 'profile'])
  router.get('/contacts/:id', [Contacts, 'show'])
  router.post('/contacts', [Contacts, 'store'])
  router.put('/contacts/toggleDisableBot/:id', [Contacts, 'toggleDisableBot'])
  router.put('/contacts/toggleAcceptAudio/:id', [Contacts, 'toggleAcceptAudio'])
  router.put('/contacts/block/:id', [Contacts, 'block'])
  router.put('/contacts/:id', [Contacts, 'update'])
  router.delete('/contacts/:id', [Contacts, 'destroy'])
  router.get('/contactTags/:contactId', [Contacts, 'tags'])

  router.get('/tags', [Tags, 'index'])
  router.get('/tags/list', [Tags, 'list'])
  router.get('/tags/kanban', [Tags, 'kanban'])
  router.post('/tags/sync', [Tags, 'sync'])
  router.get('/tags/:id', [Tags, 'show'])
  router.post('/tags', [Tags, 'store'])
  router.put('/tags/:id', [Tags, 'update'])
  router.delete('/tags/:id', [Tags, 'destroy'])

  router.get('/quick-messages', [QuickMessages, 'index'])
  router.get('/quick-messages/list', [QuickMessages, 'list'])
  router.get('/quick-messages/:id', [QuickMessages, 'show'])
  router.post('/quick-messages', [QuickMessages, 'store'])
  router.put('/quick-messages/:id', [QuickMessages, 'update'])
  router.delete('/quick-messages/:id', [QuickMessages, 'destroy'])
  router.post('/quick-messages/:id/media-upload', [QuickMessages, 'mediaUpload'])
  router.delete('/quick-messages/:id/media-upload', [QuickMessages, 'mediaDelete'])
})
