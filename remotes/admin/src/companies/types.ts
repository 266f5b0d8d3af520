export interface Company {
  id: number
  name: string
  email: string | null
  phone: string | null
  planId: number
  status: boolean
  document: string | null
  dueDate: string | null
  recurrence: string | null
  paymentMethod: string | null
  usersLimit: number | null
  connectionsLimit: number | null
  queuesLimit: number | null
  createdAt: string
  lastLogin: string | null
  plan?: { id: number; name: string; amount: number }
}
