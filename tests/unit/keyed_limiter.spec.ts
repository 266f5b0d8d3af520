import { test } from '@japa/runner'
import { KeyedLimiter } from '../../core/pipeline/keyed_limiter.js'

const tick = () => new Promise((r) => setTimeout(r, 5))

test.group('outbox pacing (KeyedLimiter)', () => {
  test('never more than the limit per key, in arrival order; other keys run meanwhile', async ({ assert }) => {
    const limiter = new KeyedLimiter()
    const running = new Map<string, number>()
    let peakA = 0
    const order: string[] = []
    const task = (key: string, limit: number, name: string) =>
      limiter.run(key, limit, async () => {
        running.set(key, (running.get(key) ?? 0) + 1)
        if (key === 'a') peakA = Math.max(peakA, running.get(key)!)
        order.push(name)
        await tick()
        running.set(key, running.get(key)! - 1)
      })
    await Promise.all([
      task('a', 1, 'a1'),
      task('a', 1, 'a2'),
      task('b', 2, 'b1'),
      task('a', 1, 'a3'),
      task('b', 2, 'b2'),
    ])
    assert.equal(peakA, 1)
    assert.deepEqual(
      order.filter((n) => n.startsWith('a')),
      ['a1', 'a2', 'a3']
    )
    // b did not wait for a's queue
    assert.isBelow(order.indexOf('b2'), order.indexOf('a2'))
  })

  test('a failing task releases its slot', async ({ assert }) => {
    const limiter = new KeyedLimiter()
    await assert.rejects(() => limiter.run('k', 1, async () => Promise.reject(new Error('boom'))))
    assert.equal(await limiter.run('k', 1, async () => 'next'), 'next')
  })
})
