/** Kanban routes at the spec's paths (spec 3 §7), plus the lanes and the one-transaction move. */
import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const Board = () => import('./controllers/board_controller.js')
const Lanes = () => import('./controllers/lanes_controller.js')
const TicketTags = () => import('./controllers/ticket_tags_controller.js')

moduleRoutes(manifest, () => {
  router.get('/ticket/kanban', [Board, 'index'])
  router.get('/ticket/kanban/lanes', [Lanes, 'index'])
  router.put('/ticket/kanban/lanes', [Lanes, 'order'])
  router.post('/ticket/kanban/:ticketId/move', [TicketTags, 'move'])
  router.put('/ticket-tags/:ticketId/:tagId', [TicketTags, 'store'])
  router.delete('/ticket-tags/:ticketId', [TicketTags, 'destroy'])
})
