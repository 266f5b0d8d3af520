/**
 * Node resolve hook of the test process: `@balcao/ui/core` (the kit's part
 * without Fluent UI, a Vite alias in the browser build) resolves to its
 * source, so unit tests can import the remotes' pure logic.
 */
const CORE = new URL('../../packages/ui/src/core.ts', import.meta.url).href

export async function resolve(specifier, context, next) {
  if (specifier === '@balcao/ui/core') return { url: CORE, shortCircuit: true }
  return next(specifier, context)
}
