import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Inbound media is copied into private storage, never hot-linked (issue 15.3).
 * A message that arrived with an outside URL keeps it as its source only
 * (`media_source_url`, never sent to the browser); `media_url` holds the
 * storage key once the media job fetched it, and `media_error` why it could
 * not (too large, wrong type, refused address, unreachable after the retries).
 * Pending = a source, no key, no error: the recovery sweep re-queues those.
 *
 * Rows stored before this change with an outside `media_url` (received from a
 * channel) become pending fetches; an agent's own hosted link (from_me) stays
 * where the outbox reads it, and the presenter does not show it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('messages', (t) => {
      t.string('media_source_url', 1000).nullable()
      t.string('media_error', 40).nullable()
    })
    // system: one set-wise move of every company's received outside links (migration)
    this.schema.raw(`UPDATE messages SET media_source_url = media_url, media_url = NULL, updated_at = now()
      WHERE NOT from_me AND media_url ~* '^https?://'`)
    // the media recovery sweep reads only pending fetches, by when they became pending
    this.schema.raw(
      'CREATE INDEX messages_media_pending ON messages (updated_at) WHERE media_source_url IS NOT NULL AND media_url IS NULL AND media_error IS NULL'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS messages_media_pending')
    // system: the pending sources go back where they were read from before (migration)
    this.schema.raw(
      'UPDATE messages SET media_url = media_source_url WHERE media_url IS NULL AND length(media_source_url) <= 500'
    )
    this.schema.alterTable('messages', (t) => {
      t.dropColumns('media_source_url', 'media_error')
    })
  }
}
