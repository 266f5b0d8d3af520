/**
 * The one tenant-scoping layer. Every request (and every job) runs inside a
 * tenant scope; every model of a tenant-owned table extends TenantModel, whose
 * queries are filtered by the scope's company and whose inserts are stamped
 * with it. There is no way to query a tenant table without a scope: outside of
 * one the query throws, so a forgotten filter fails loudly instead of leaking.
 * Platform code that must cross tenants (the super user's screens, sweeps)
 * says so explicitly with tenancy.asSystem().
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { BaseModel, beforeSave, column } from '@adonisjs/lucid/orm'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { LucidModel, ModelAdapterOptions } from '@adonisjs/lucid/types/model'
import { Exception } from '@adonisjs/core/exceptions'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

type Scope = { kind: 'company'; companyId: number } | { kind: 'system' }

const storage = new AsyncLocalStorage<Scope>()

export class TenantScopeError extends Exception {
  static status = 500
  static code = 'E_TENANT_SCOPE'
}

export const tenancy = {
  /** Runs fn with every tenant query limited to companyId. */
  run<T>(companyId: number, fn: () => T): T {
    if (!Number.isInteger(companyId) || companyId <= 0) {
      throw new TenantScopeError(`Invalid tenant scope ${companyId}`)
    }
    return storage.run({ kind: 'company', companyId }, fn)
  },
  /** Runs fn without tenant filtering. Only for platform-level code. */
  asSystem<T>(fn: () => T): T {
    return storage.run({ kind: 'system' }, fn)
  },
  /** The company of the current scope, or undefined in a system scope. */
  companyId(): number | undefined {
    const scope = storage.getStore()
    return scope?.kind === 'company' ? scope.companyId : undefined
  },
  /** The company of the current scope; throws outside a company scope. */
  requireCompanyId(): number {
    const scope = storage.getStore()
    if (scope?.kind !== 'company') throw new TenantScopeError('No company scope for a tenant query')
    return scope.companyId
  },
  isSystem(): boolean {
    return storage.getStore()?.kind === 'system'
  },
}

function scopeOrThrow(table: string): Scope {
  const scope = storage.getStore()
  if (!scope) throw new TenantScopeError(`Query on tenant table "${table}" outside a tenant scope`)
  return scope
}

/** Base class of every model whose table has company_id. */
export class TenantModel extends BaseModel {
  @column()
  declare companyId: number

  static query<Model extends LucidModel, Result = InstanceType<Model>>(
    this: Model,
    options?: ModelAdapterOptions
  ): ModelQueryBuilderContract<Model, Result> {
    const query = (BaseModel.query as any).call(this, options) as ModelQueryBuilderContract<Model, Result>
    const scope = scopeOrThrow(this.table)
    if (scope.kind === 'company') query.where(`${this.table}.company_id`, scope.companyId)
    return query
  }

  @beforeSave()
  static stampCompany(row: TenantModel) {
    const scope = scopeOrThrow((row.constructor as typeof BaseModel).table)
    if (scope.kind !== 'company') {
      if (!row.companyId) throw new TenantScopeError('A tenant row needs a company')
      return
    }
    if (row.companyId === undefined || row.companyId === null) row.companyId = scope.companyId
    if (row.companyId !== scope.companyId) {
      throw new TenantScopeError('A tenant row cannot move to another company')
    }
  }
}

type SqlClient = Pick<QueryClientContract, 'from' | 'table'>

function aliasOf(table: string) {
  const m = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/i.exec(table)
  if (!m) throw new TenantScopeError(`Not a plain table name: "${table}"`)
  return { name: m[1], alias: m[2] ?? m[1] }
}

/**
 * The one entry for hand-written SQL on a tenant table (joins, aggregates,
 * set-wise updates that a model query cannot express): a query builder on
 * `table` (optionally `'tickets as t'`) already filtered by the scope's
 * company, on the given transaction or the default connection. Throws outside
 * a tenant scope, like TenantModel queries. In a system scope it is unfiltered.
 */
export function tenantTable(table: string, client: SqlClient = db, options: TenantTableOptions = {}) {
  const { name, alias } = aliasOf(table)
  const scope = scopeOrThrow(name)
  const query = client.from(table)
  if (scope.kind === 'company') {
    if (options.sizeBlind) query.whereRaw(`${alias}.company_id = (SELECT ?::int)`, [scope.companyId])
    else query.where(`${alias}.company_id`, scope.companyId)
  }
  return query
}

export interface TenantTableOptions {
  /**
   * Plan the query for a company of average size: the company's id reaches the planner as a
   * parameter (an InitPlan) it cannot look up in the column's statistics. A company that grew
   * since the table's last ANALYZE is missing from them and is estimated at one row; its ticket
   * lists were then planned as if it had none, reading all its tickets once per ticket (42 s
   * for a closed view at 100,000 tickets, docs/performance.md "Stop 48"). For index walks whose
   * best plan does not depend on the company's size; never for a search's matching rows.
   */
  sizeBlind?: boolean
}

/** Inserts rows into a tenant table stamped with the scope's company (a row of another company throws). */
export function tenantInsert<T extends Record<string, unknown>>(table: string, rows: T | T[], client: SqlClient = db) {
  const scope = scopeOrThrow(table)
  const list = (Array.isArray(rows) ? rows : [rows]).map((row) => {
    if (scope.kind !== 'company') {
      if (!row.company_id) throw new TenantScopeError('A tenant row needs a company')
      return row
    }
    if (row.company_id !== undefined && row.company_id !== null && row.company_id !== scope.companyId) {
      throw new TenantScopeError('A tenant row cannot be written for another company')
    }
    return { ...row, company_id: scope.companyId }
  })
  return client.table(aliasOf(table).name).multiInsert(list)
}
