/**
 * One instance per page. Federation already shares the kit as a singleton;
 * keying instances on globalThis is the safety net for a remote that was built
 * with its own copy, so it still talks through the shell's clients and state.
 */
export function singleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, unknown>
  const sym = Symbol.for(`balcao.${key}`)
  if (!(sym in store)) store[sym] = create()
  return store[sym] as T
}
