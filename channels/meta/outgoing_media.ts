/** The Graph attachment type of an inbox media type. */
export function graphMediaType(mediaType: string | null | undefined): 'image' | 'video' | 'audio' | 'document' {
  if (mediaType === 'image' || mediaType === 'video' || mediaType === 'audio') return mediaType
  return 'document'
}
