/** While the session is being restored. */
import './public.css'

export function Splash() {
  return (
    <div className="splash" role="progressbar" aria-busy="true">
      <div className="spinner" />
    </div>
  )
}
