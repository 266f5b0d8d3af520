import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid } from '#tests/helpers/world'
import Announcement from '../announcement.js'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
const anAnnouncement = async () =>
  Announcement.create({ title: `News ${uid()}`, text: 'Body', priority: 3, status: true })

// announcements are platform-wide: everyone reads the active ones, only the super user writes
export default defineIsolationCases([
  { route: 'GET /announcements', access: 'user', cross: 'filter', fixture: async () => ({}) },
  {
    route: 'GET /announcements/:id',
    access: 'user',
    cross: 'filter',
    fixture: async () => ({ params: { id: (await anAnnouncement()).id } }),
  },
  {
    route: 'POST /announcements',
    access: 'super',
    ok: 201,
    fixture: async () => ({ body: { title: 'Maintenance', text: 'Tonight', priority: 1 } }),
  },
  {
    route: 'PUT /announcements/:id',
    access: 'super',
    fixture: async () => ({ params: { id: (await anAnnouncement()).id }, body: { priority: 2 } }),
  },
  {
    route: 'DELETE /announcements/:id',
    access: 'super',
    ok: 204,
    fixture: async () => ({ params: { id: (await anAnnouncement()).id } }),
  },
  {
    route: 'POST /announcements/:id/media-upload',
    access: 'super',
    fixture: async () => ({
      params: { id: (await anAnnouncement()).id },
      files: { file: { name: 'banner.png', content: png } },
    }),
  },
  {
    route: 'DELETE /announcements/:id/media-upload',
    access: 'super',
    fixture: async () => ({ params: { id: (await anAnnouncement()).id } }),
  },
])
