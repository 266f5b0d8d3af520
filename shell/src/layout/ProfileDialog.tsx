/** The signed-in user's own profile: name, e-mail, password, side menu default and photo. */
import { useRef, useState } from 'react'
import { useAtom } from 'jotai'
import { Avatar, Button, Field, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import {
  api,
  sessionAtom,
  FormDialog,
  SelectField,
  TextField,
  rules,
  useForm,
  toasts,
  toastError,
  type User,
} from '@balcao/ui'

const useStyles = makeStyles({
  photo: { display: 'flex', alignItems: 'center', gap: '12px' },
})

export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [session, setSession] = useAtom(sessionAtom)
  const user = session.user!
  const fileRef = useRef<HTMLInputElement>(null)
  const [image, setImage] = useState(user.profileImage)
  const form = useForm(
    { name: user.name, email: user.email, password: '', currentPassword: '', defaultMenu: user.defaultMenu },
    { name: rules.name, email: rules.email, password: rules.optionalPassword }
  )
  // a new password is accepted only with the current one (the server checks it)
  const [currentMissing, setCurrentMissing] = useState(false)

  const save = async () => {
    const missing = Boolean(form.values.password) && !form.values.currentPassword
    setCurrentMissing(missing)
    if (!form.check() || missing) return
    const { password, currentPassword, ...rest } = form.values
    try {
      const saved = await api.put<User>(`/users/${user.id}`, password ? { ...rest, password, currentPassword } : rest)
      setSession((s) => (s.user ? { ...s, user: { ...s.user, ...saved, company: s.user.company } } : s))
      toasts.success(t('profile.saved'))
      onClose()
    } catch (e) {
      toastError(e)
    }
  }

  const upload = async (file: File) => {
    const data = new FormData()
    data.append('profileImage', file)
    try {
      const saved = await api.upload<User>(`/users/${user.id}/media-upload`, data)
      setImage(saved.profileImage)
      setSession((s) => (s.user ? { ...s, user: { ...s.user, profileImage: saved.profileImage } } : s))
    } catch (e) {
      toastError(e)
    }
  }

  return (
    <FormDialog open title={t('profile.title')} onSubmit={save} onClose={onClose}>
      <Field label={t('profile.photo')}>
        <div className={styles.photo}>
          <Avatar name={user.name} image={image ? { src: image } : undefined} size={56} color="colorful" />
          <Button onClick={() => fileRef.current?.click()}>{t('profile.choosePhoto')}</Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg"
            hidden
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
        </div>
      </Field>
      <TextField
        label={t('profile.name')}
        value={form.values.name}
        onChange={(v) => form.set('name', v)}
        error={form.errors.name}
        required
      />
      <TextField
        label={t('profile.email')}
        type="email"
        value={form.values.email}
        onChange={(v) => form.set('email', v)}
        error={form.errors.email}
        required
      />
      <TextField
        label={t('profile.password')}
        type="password"
        value={form.values.password}
        onChange={(v) => form.set('password', v)}
        error={form.errors.password}
        hint={t('profile.passwordHint')}
        autoComplete="new-password"
      />
      {form.values.password ? (
        <TextField
          label={t('profile.currentPassword')}
          type="password"
          value={form.values.currentPassword}
          onChange={(v) => {
            setCurrentMissing(false)
            form.set('currentPassword', v)
          }}
          error={currentMissing ? 'validation.required' : undefined}
          hint={t('profile.currentPasswordHint')}
          autoComplete="current-password"
          required
        />
      ) : null}
      <SelectField
        label={t('profile.defaultMenu')}
        value={form.values.defaultMenu}
        options={[
          { value: 'open', label: t('profile.menuOpen') },
          { value: 'closed', label: t('profile.menuClosed') },
        ]}
        onChange={(v) => form.set('defaultMenu', v as 'open' | 'closed')}
      />
    </FormDialog>
  )
}
