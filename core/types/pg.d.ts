/**
 * The part of node-postgres the core uses directly (the inbound drainers'
 * LISTEN connection, the PostgreSQL job backend's pool); everything else goes
 * through Lucid. pg ships no types.
 */
declare module 'pg' {
  export class Client {
    constructor(config: { connectionString?: string })
    connect(): Promise<void>
    query(text: string, values?: unknown[]): Promise<{ rows: any[] }>
    end(): Promise<void>
    on(event: 'error', listener: (error: Error) => void): this
    on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): this
  }
  export interface PoolClient {
    query(text: string, values?: unknown[]): Promise<{ rows: any[] }>
    release(destroy?: boolean | Error): void
  }
  export class Pool {
    constructor(config: {
      connectionString?: string
      options?: string
      max?: number
      idleTimeoutMillis?: number
      connectionTimeoutMillis?: number
      keepAlive?: boolean
      application_name?: string
    })
    /** read at each checkout: raising max lets more clients in */
    options: { max: number; keepAlive?: boolean }
    totalCount: number
    connect(): Promise<PoolClient>
    query(text: string, values?: unknown[]): Promise<{ rows: any[] }>
    end(): Promise<void>
    on(event: 'error', listener: (error: Error) => void): this
    setMaxListeners(n: number): this
  }
  const pg: { Client: typeof Client; Pool: typeof Pool }
  export default pg
}
