/** The dashboard's ace commands (found by core/plugin_commands.ts). */
import { ListLoader } from '@adonisjs/core/ace'
import DashboardBackfill from './dashboard_backfill.js'

const loader = new ListLoader([DashboardBackfill])

export const getMetaData = () => loader.getMetaData()
export const getCommand = loader.getCommand.bind(loader)
