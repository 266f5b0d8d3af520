/**
 * A database row as `Model.$createFromAdapterResult(row).serialize()` gives
 * it, without building the model. Lists that send many rows spent most of
 * their CPU in the ORM's instances and proxies (a ticket's 20 messages with
 * their quoted messages and contacts: ~60 instances per request). The same
 * column definitions decide everything: each column's consume and serialize,
 * `serializeAs` names (null hides), computed properties, then the relations
 * given, in the ORM's order (attributes, relations, computed).
 *
 * Computed getters run against the consumed attributes, so they may read
 * attributes only (not relations or other getters).
 */
import type { LucidModel } from '@adonisjs/lucid/types/model'

/** `alias.column AS alias__column` for each of the model's columns: its part of a joined row, read back by prefix `alias__`. */
export function prefixedColumns(model: LucidModel, alias: string) {
  return [...model.$columnsDefinitions.values()].map((c) => `${alias}.${c.columnName} AS ${alias}__${c.columnName}`)
}

/** One model's part of a joined row under the columns' own names (for `$createFromAdapterResult`). */
export function rowPart(row: Record<string, unknown>, prefix: string) {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(row)) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = row[key]
  return out
}

/** The serialized form of a related row (null when absent), in the order the caller preloads them. */
export type SerializedRelations = Record<string, Record<string, unknown> | Record<string, unknown>[] | null>

interface Plan {
  columns: { attribute: string; columnName: string; column: any }[]
  computed: [string, (this: object) => unknown][]
}
const plans = new WeakMap<LucidModel, Plan>()

/** The model's columns and computed getters, looked up once. */
function planOf(model: LucidModel) {
  let plan = plans.get(model)
  if (!plan) {
    plan = { columns: [], computed: [] }
    for (const [attribute, column] of model.$columnsDefinitions)
      plan.columns.push({ attribute, columnName: column.columnName, column })
    for (const [key, def] of model.$computedDefinitions) {
      let proto = model.prototype
      let descriptor: PropertyDescriptor | undefined
      while (proto && !(descriptor = Object.getOwnPropertyDescriptor(proto, key))) proto = Object.getPrototypeOf(proto)
      if (def.serializeAs && descriptor?.get) plan.computed.push([def.serializeAs, descriptor.get])
    }
    plans.set(model, plan)
  }
  return plan
}

/**
 * `row` holds the model's columns under their names, or under `prefix` + name (one model's part
 * of a joined row); columns absent from it are left out, as the ORM leaves them out. Keys come
 * in the model's column order.
 */
export function serializeRow(
  model: LucidModel,
  row: Record<string, unknown>,
  relations: SerializedRelations = {},
  prefix = ''
): Record<string, unknown> {
  const plan = planOf(model)
  const attributes: Record<string, unknown> = {}
  const out: Record<string, unknown> = {}
  const present: Plan['columns'] = []
  for (const entry of plan.columns) {
    const raw = row[prefix + entry.columnName]
    if (raw === undefined) continue
    attributes[entry.attribute] = entry.column.consume ? entry.column.consume(raw, entry.attribute, attributes) : raw
    present.push(entry)
  }
  for (const { attribute, column } of present) {
    const value = attributes[attribute]
    if (column.serializeAs) out[column.serializeAs] = column.serialize ? column.serialize(value, attribute, attributes) : value
  }
  for (const name of Object.keys(relations)) {
    const relation = model.$getRelation(name as any)
    if (relation?.serializeAs) out[relation.serializeAs] = relations[name]
  }
  for (const [serializeAs, get] of plan.computed) {
    const value = get.call(attributes)
    if (value !== undefined) out[serializeAs] = value
  }
  return out
}
