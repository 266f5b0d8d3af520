/** Entry of the shell: translations first (every text is translated), then the app. */
import { createRoot } from 'react-dom/client'
import { setupI18n } from './i18n/setup.js'
import { paintTheme, initialTheme } from './theme/theme.js'
import { App } from './App.js'

paintTheme(initialTheme())
await setupI18n()
createRoot(document.getElementById('root')!).render(<App />)
