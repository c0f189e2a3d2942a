// Migration 019: webhooks. Released: never edit it; add a migration after the last.
import type { Migration } from 'kysely/migration'
import { type Db, id, ts } from './kit'

/**
 * Outbound webhooks (issue 42, decision 050): endpoints an organizer (their events) or an admin (the whole site)
 * registers, and the queue of their deliveries, claimed under a lease so each is sent once across instances and
 * retried with back-off; the rows stay as the delivery log.
 */
export const migration: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('owner_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('disabled_at', ts)
      .addColumn('disabled_reason', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('webhooks_owner_idx').on('webhooks').columns(['owner_id']).execute()
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('webhook_id', id, (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ts, (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', ts)
      .addColumn('response_status', 'integer')
      .addColumn('response_ms', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('finished_at', ts)
      .execute()
    await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute()
    await db.schema.createIndex('webhook_deliveries_log_idx').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute()
  },
  async down(db: Db) {
    await db.schema.dropTable('webhook_deliveries').ifExists().execute()
    await db.schema.dropTable('webhooks').ifExists().execute()
  },
}
