/**
 * Core figures: the authenticated request path (token check + tenant scope),
 * a paged user search in a company with 2,000 users, the module manifest,
 * and sign-in (dominated by the scrypt password check, by design).
 */
export const name = 'core'

export async function run({ api, db, load, login, env }) {
  const superToken = await login(env.SUPER_EMAIL, env.SUPER_PASSWORD)
  const plan = await (await api('/plans/all', { headers: { authorization: `Bearer ${superToken}` } })).json()
  const email = `bench-admin-${Date.now()}@bench.test`
  const created = await api('/companies', {
    method: 'POST',
    headers: { authorization: `Bearer ${superToken}` },
    body: JSON.stringify({ name: `Bench ${Date.now()}`, email, planId: plan[0].id, password: 'bench-pass', usersLimit: 100000 }),
  })
  const company = await created.json()
  // 2,000 attendants written directly: the figure is about reading them
  await db.query(
    `INSERT INTO users (company_id, name, email, password, profile)
     SELECT $1::int, 'Atendente ' || g, 'att' || g || '-' || $1::text || '@bench.test', 'x', 'user' FROM generate_series(1, 2000) g`,
    [company.id]
  )
  const token = await login(email, 'bench-pass')
  const auth = { headers: { authorization: `Bearer ${token}` } }
  const rows = []
  rows.push({ call: 'GET /auth/me', ...(await load(2000, 20, () => api('/auth/me', auth))) })
  rows.push({ call: 'GET /users?pageNumber=1 (2k users)', ...(await load(1000, 20, () => api('/users?pageNumber=1', auth))) })
  rows.push({ call: 'GET /users?searchParam=…', ...(await load(1000, 20, (i) => api(`/users?searchParam=${1000 + (i % 900)}`, auth))) })
  rows.push({ call: 'GET /users?pageNumber=50', ...(await load(500, 20, () => api('/users?pageNumber=50', auth))) })
  rows.push({ call: 'GET /modules', ...(await load(2000, 20, () => api('/modules', auth))) })
  const loginBody = JSON.stringify({ email, password: 'wrong-password' })
  // login is rate limited per IP: measure a handful of sequential attempts
  rows.push({ call: 'POST /auth/login (scrypt, 5 tries)', ...(await load(5, 1, () => api('/auth/login', { method: 'POST', body: loginBody }))) })
  return rows
}
