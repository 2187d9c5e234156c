"""Server messages of the landing pages area (English and Spanish)."""

from __future__ import annotations

from functions.core.messages import CATALOG

MESSAGES: dict[str, dict[str, str]] = {
    "pages.unknown": {"en": "There is no such page.", "es": "No existe esa página."},
    "pages.stale": {
        "en": "This page was changed by someone else meanwhile. Reload it and try again.",
        "es": "Otra persona ha cambiado esta página mientras tanto. Vuelva a cargarla e inténtelo de nuevo.",
    },
    "pages.deleted": {"en": "Page deleted.", "es": "Página eliminada."},
    "pages.slug_format": {
        "en": "Use 3 to 60 lower-case letters, digits and single hyphens, not at the start or end.",
        "es": "Use de 3 a 60 letras minúsculas, cifras y guiones sueltos, no al principio ni al final.",
    },
    "pages.slug_reserved": {
        "en": "This address is reserved. Choose another one.",
        "es": "Esta dirección está reservada. Elija otra.",
    },
    "pages.slug_taken": {
        "en": "Another page of this charity already has this address.",
        "es": "Otra página de esta organización ya tiene esta dirección.",
    },
    "pages.no_version": {
        "en": "There is no such published version.",
        "es": "No existe esa versión publicada.",
    },
    "pages.embed_origin": {
        "en": "Enter a website address like https://www.example.org (https, no path; "
        "http only for localhost or 127.0.0.1).",
        "es": "Introduzca una dirección web como https://www.example.org (https, sin ruta; "
        "http solo para localhost o 127.0.0.1).",
    },
    "pages.embed_origin_repeated": {
        "en": "Each website may be listed only once.",
        "es": "Cada sitio web solo puede aparecer una vez.",
    },
    "pages.embed_origin_limit": {
        "en": "List at most {max} websites.",
        "es": "Indique como máximo {max} sitios web.",
    },
    "pages.frame_unavailable": {
        "en": "The page cannot be shown right now. Try again in a minute.",
        "es": "La página no se puede mostrar ahora. Inténtelo de nuevo en un minuto.",
    },
    "pages.not_published": {"en": "This page is not published.", "es": "Esta página no está publicada."},
    "pages.block_type": {"en": "This kind of block does not exist.", "es": "Este tipo de bloque no existe."},
    "pages.not_in_columns": {
        "en": "This block cannot go inside columns.",
        "es": "Este bloque no puede ir dentro de columnas.",
    },
    "pages.block_id": {
        "en": "A block id is 1 to 64 letters, digits, _ or -.",
        "es": "El id de un bloque tiene de 1 a 64 letras, cifras, _ o -.",
    },
    "pages.link": {
        "en": "Links must start with https:// or mailto:.",
        "es": "Los enlaces deben empezar por https:// o mailto:.",
    },
    "pages.markdown_link": {
        "en": "The link “{text}” must start with https:// or mailto:.",
        "es": "El enlace «{text}» debe empezar por https:// o mailto:.",
    },
    "pages.image_key": {
        "en": "Upload the image again (it must be one uploaded for this page).",
        "es": "Vuelva a subir la imagen (debe ser una subida para esta página).",
    },
    "pages.fund": {
        "en": "Choose an active fund of this charity.",
        "es": "Elija un fondo activo de esta organización.",
    },
    "pages.presets_count": {"en": "Give 1 to {max} amounts.", "es": "Indique de 1 a {max} importes."},
    "pages.presets_order": {
        "en": "Put the amounts in ascending order, each once.",
        "es": "Ponga los importes en orden ascendente, cada uno una vez.",
    },
    "pages.items_count": {
        "en": "Give {min} to {max} entries.",
        "es": "Indique de {min} a {max} entradas.",
    },
    "pages.video_id": {
        "en": "Enter the video's id only (YouTube: 11 characters; Vimeo: 6 to 12 digits).",
        "es": "Introduzca solo el id del vídeo (YouTube: 11 caracteres; Vimeo: de 6 a 12 cifras).",
    },
    "pages.too_many_blocks": {
        "en": "A page may have at most {max} blocks.",
        "es": "Una página puede tener como máximo {max} bloques.",
    },
    "pages.too_large": {
        "en": "The page is too large (at most {max} kB).",
        "es": "La página es demasiado grande (como máximo {max} kB).",
    },
    "pages.form_required": {
        "en": "A donation page needs its donation form.",
        "es": "Una página de donación necesita su formulario de donación.",
    },
    "pages.form_once": {
        "en": "A page may have only one donation form.",
        "es": "Una página solo puede tener un formulario de donación.",
    },
    "pages.copy_of": {"en": "Copy of", "es": "Copia de"},
}
CATALOG.update(MESSAGES)
