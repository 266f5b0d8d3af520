/** Every story inside Fluent's provider (light or dark from the toolbar), with the kit's texts in pt/en/es. */
import type { Preview } from '@storybook/react-vite'
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { kitResources } from '../../packages/ui/src/i18n/index.ts'

void i18next.use(initReactI18next).init({
  lng: 'pt',
  fallbackLng: 'pt',
  resources: {
    pt: { translation: kitResources.pt },
    en: { translation: kitResources.en },
    es: { translation: kitResources.es },
  },
  interpolation: { escapeValue: false },
})

const preview: Preview = {
  globalTypes: {
    theme: { description: 'Fluent theme', toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true } },
    locale: { description: 'Language', toolbar: { title: 'Language', items: ['pt', 'en', 'es'], dynamicTitle: true } },
  },
  initialGlobals: { theme: 'light', locale: 'pt' },
  decorators: [
    (Story, ctx) => {
      if (i18next.language !== ctx.globals.locale) void i18next.changeLanguage(ctx.globals.locale)
      return (
        <I18nextProvider i18n={i18next}>
          <MemoryRouter>
            <FluentProvider theme={ctx.globals.theme === 'dark' ? webDarkTheme : webLightTheme}>
              <div style={{ padding: 16, minHeight: '100vh' }}>
                <Story />
              </div>
            </FluentProvider>
          </MemoryRouter>
        </I18nextProvider>
      )
    },
  ],
}

export default preview
