/** Texts of the kit's components and validation rules, in Spanish. */
import errors from './errors.es.js'

export default {
  errors,
  validation: {
    required: 'Obligatorio',
    tooShort: '¡Muy corto!',
    tooLong: '¡Muy largo!',
    invalidEmail: 'Correo electrónico inválido',
    numeric: 'Solo números',
  },
  kit: {
    search: 'Buscar',
    loading: 'Cargando...',
    loadMore: 'Cargar más',
    empty: 'No se encontraron registros',
    emptyHint: 'Los registros aparecerán aquí cuando existan.',
    errorTitle: 'No se pudo cargar la lista de registros',
    retry: 'Intentar de nuevo',
    confirm: 'Confirmar',
    cancel: 'Cancelar',
    yes: 'Sí',
    no: 'No',
    close: 'Cerrar',
    save: 'Guardar',
    actions: 'Acciones',
    edit: 'Editar',
    delete: 'Eliminar',
    add: 'Agregar',
    noPermission: '¡Esta empresa no tiene permiso para acceder a esta página! Lo estamos redirigiendo.',
    updating: 'Actualizando...',
    saved: '¡Operación realizada con éxito!',
    dismiss: 'Descartar',
  },
}
