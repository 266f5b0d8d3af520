import { useEffect, useState } from 'react'

/** The value, settled for `delay` ms (search boxes use 500 ms, spec 1 §9). */
export function useDebouncedValue<T>(value: T, delay = 500): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(id)
  }, [value, delay])
  return settled
}
