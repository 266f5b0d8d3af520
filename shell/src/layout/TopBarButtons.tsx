/** Theme toggle, volume popover and refresh of the top bar. */
import { useAtom } from 'jotai'
import { Button, Label, Popover, PopoverSurface, PopoverTrigger, Slider, Tooltip } from '@fluentui/react-components'
import {
  ArrowClockwiseRegular,
  Speaker2Regular,
  SpeakerMuteRegular,
  WeatherMoonRegular,
  WeatherSunnyRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, userAtom } from '@balcao/ui/core'
import { useAtomValue } from 'jotai'
import { persistTheme, themeAtom } from '../theme/theme.js'
import { persistVolume, volumeAtom } from '../notify/volume.js'
import { playChime } from '../notify/desktop.js'

/** `save`: also store the choice as the user's defaultTheme (not while the company is blocked: 402) */
export function ThemeToggle({ save = true }: { save?: boolean }) {
  const { t } = useTranslation()
  const [theme, setTheme] = useAtom(themeAtom)
  const user = useAtomValue(userAtom)
  const next = theme === 'dark' ? 'light' : 'dark'
  const label = next === 'dark' ? t('layout.themeToDark') : t('layout.themeToLight')
  const toggle = () => {
    setTheme(next)
    persistTheme(next)
    // the user's defaultTheme follows the last choice (best effort)
    if (user && save) void api.put(`/users/${user.id}`, { defaultTheme: next }).catch(() => {})
  }
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        data-testid="theme-toggle"
        data-theme={theme}
        icon={theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
        onClick={toggle}
      />
    </Tooltip>
  )
}

export function VolumeControl() {
  const { t } = useTranslation()
  const [volume, setVolume] = useAtom(volumeAtom)
  return (
    <Popover withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={t('layout.volume')} relationship="label">
          <Button
            appearance="subtle"
            icon={volume === 0 ? <SpeakerMuteRegular /> : <Speaker2Regular />}
            data-testid="volume-button"
          />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface>
        <Label htmlFor="volume-slider">{t('layout.volume')}</Label>
        <Slider
          id="volume-slider"
          min={0}
          max={1}
          step={0.1}
          value={volume}
          onChange={(_, d) => setVolume(persistVolume(d.value))}
          onPointerUp={() => playChime(volume)}
        />
      </PopoverSurface>
    </Popover>
  )
}

export function RefreshButton() {
  const { t } = useTranslation()
  return (
    <Tooltip content={t('layout.refresh')} relationship="label">
      <Button appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => location.reload()} />
    </Tooltip>
  )
}
