/**
 * Shared boot helpers for the server, console, test and worker entry points.
 * The app root is the repository root (two folders up from core/bin).
 */
import 'reflect-metadata'

export const APP_ROOT = new URL('../../', import.meta.url)

export const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}
