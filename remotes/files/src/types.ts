export interface FileOption {
  id: number
  name: string
  /** the stored file's name (null until uploaded) */
  path: string | null
  mediaType: string | null
  size: number | null
  /** signed, expiring link to the file */
  url: string | null
}

export interface FileList {
  id: number
  name: string
  message: string
  options: FileOption[]
}
