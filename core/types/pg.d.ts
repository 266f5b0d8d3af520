/**
 * The part of node-postgres the core uses directly (the inbound drainers'
 * LISTEN connection); everything else goes through Lucid. pg ships no types.
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
  const pg: { Client: typeof Client }
  export default pg
}
