/** The writer #core/audit calls: one insert, on the change's transaction when there is one. */
import type { AuditWriter } from '#core/audit'

export const writeAuditRow: AuditWriter = async (client, row) => {
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v))
  // company_id comes from the entry (null: a platform action), not from a tenant scope: sign-ins have none yet
  await client.rawQuery(
    `INSERT INTO audit_logs (company_id, actor_id, actor_name, actor_email, action, entity, entity_id, ip, user_agent, before, after, details)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb)`,
    [
      row.companyId,
      row.actorId,
      row.actorName,
      row.actorEmail,
      row.action,
      row.entity,
      row.entityId,
      row.ip,
      row.userAgent,
      json(row.before),
      json(row.after),
      json(row.details),
    ] as any[]
  )
}
