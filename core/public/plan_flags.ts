/**
 * The plan flags: declared by the plugins that bring them (`planFlags` in a
 * module or channel manifest), stored per plan in `plans.features` (jsonb, one
 * key per flag), sent to clients as top-level booleans of a plan (`useKanban:
 * true`, the spec's payload). Nothing else lists flags: the plan validators,
 * the plans screen (GET /modules → planFlags) and every gate read them here.
 */
import type { Localized, PlanFlag, PlanFlagDefinition } from './module.js'
import { channels, modules } from '../plugins.js'

export class PlanFlagError extends Error {}

const FLAG_NAME = /^use[A-Z][A-Za-z0-9]{1,40}$/

type Plugin = { folder: string; manifest: { feature: PlanFlag | null; planFlags?: PlanFlagDefinition[] } }

/** The declared flags of a set of plugins; a bad name or an undeclared `feature` throws (the boot fails). */
export function collectPlanFlags(plugins: Plugin[]): Map<PlanFlag, PlanFlagDefinition> {
  const flags = new Map<PlanFlag, PlanFlagDefinition>()
  for (const { folder, manifest } of plugins) {
    for (const def of manifest.planFlags ?? []) {
      if (!FLAG_NAME.test(def.name)) throw new PlanFlagError(`${folder}: plan flag "${def.name}" must look like useSomething`)
      flags.set(def.name, def)
    }
  }
  for (const { folder, manifest } of plugins) {
    if (manifest.feature && !flags.has(manifest.feature)) {
      throw new PlanFlagError(`${folder}: feature "${manifest.feature}" is not a declared plan flag (declare it in planFlags)`)
    }
  }
  return flags
}

const registry = collectPlanFlags([...modules, ...channels])

export const planFlags = {
  all(): PlanFlagDefinition[] {
    return [...registry.values()]
  },
  names(): PlanFlag[] {
    return [...registry.keys()]
  },
  has(name: string): boolean {
    return registry.has(name)
  },
}

/** The flags as GET /modules sends them to the browser. */
export function planFlagList(): { name: PlanFlag; label: Localized }[] {
  return planFlags.all().map((f) => ({ name: f.name, label: f.label }))
}

/**
 * Whether a plan (a Plan model or a `plans` row, both carry `features`) has
 * the flag on. A flag the plan never saved takes its declared default; an
 * undeclared flag is off.
 */
export function planHas(plan: { features?: Record<string, unknown> | null } | null | undefined, flag: PlanFlag) {
  if (!plan) return false
  const value = plan.features?.[flag]
  if (typeof value === 'boolean') return value
  return registry.get(flag)?.default ?? false
}

/** Every declared flag's value for a plan, as a plan payload carries them. */
export function planFlagValues(plan: { features?: Record<string, unknown> | null }) {
  return Object.fromEntries(planFlags.names().map((f) => [f, planHas(plan, f)])) as Record<PlanFlag, boolean>
}

/** Splits a validated plan payload into its plain fields and its flags (`features`). */
export function splitPlanFlags<T extends Record<string, unknown>>(payload: T) {
  const fields: Record<string, unknown> = {}
  const flags: Record<PlanFlag, boolean> = {}
  for (const [key, value] of Object.entries(payload)) {
    if (registry.has(key)) {
      if (typeof value === 'boolean') flags[key] = value
    } else fields[key] = value
  }
  return { fields, flags }
}

/**
 * Whether the company's plan has the flag now: for work that runs outside a
 * request (bots, jobs), where the route gate does not apply. In the caller's
 * transaction when given one.
 */
export async function companyPlanHas(
  companyId: number,
  flag: PlanFlag,
  trx?: import('@adonisjs/lucid/types/database').TransactionClientContract
) {
  // loaded here: the Plan model itself reads this file
  const { Company, Plan } = await import('./models.js')
  const options = trx ? { client: trx } : undefined
  const company = await Company.query(options).where('id', companyId).first()
  if (!company) return false
  return planHas(await Plan.query(options).where('id', company.planId).first(), flag)
}
