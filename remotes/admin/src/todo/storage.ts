/** The to-do list lives only in this browser (spec 3 §2). */
export interface Task {
  id: string
  text: string
  createdAt: string
}

const KEY = 'tasks'

export function loadTasks(): Task[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(raw) ? raw.filter((t) => t && typeof t.text === 'string') : []
  } catch {
    return []
  }
}

export function saveTasks(tasks: Task[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(tasks))
  } catch {
    // storage full or unavailable: the list lives until the page closes
  }
}
