"""Server messages in the two product languages. Keys are stable; text follows Accept-Language."""

from __future__ import annotations

from contextvars import ContextVar

LOCALES = ("en", "es")
_locale: ContextVar[str] = ContextVar("locale", default="en")

CATALOG: dict[str, dict[str, str]] = {
    "invalid_json": {
        "en": "The request body is not valid JSON.",
        "es": "El cuerpo de la solicitud no es JSON válido.",
    },
    "invalid_data": {"en": "The given data was invalid.", "es": "Los datos enviados no son válidos."},
    "unauthenticated": {"en": "Unauthenticated.", "es": "No autenticado."},
    "forbidden": {
        "en": "You do not have permission to do this.",
        "es": "No tiene permiso para hacer esto.",
    },
    "not_found": {"en": "Not found.", "es": "No encontrado."},
    "conflict": {
        "en": "This record was changed by someone else. Reload it and try again.",
        "es": "Otra persona modificó este registro. Recárguelo e inténtelo de nuevo.",
    },
    "throttled": {
        "en": "Too many attempts. Please try again in {seconds} seconds.",
        "es": "Demasiados intentos. Inténtelo de nuevo dentro de {seconds} segundos.",
    },
    "two_factor_required": {
        "en": "Two-factor authentication is required.",
        "es": "Se requiere la autenticación en dos pasos.",
    },
    "csrf_mismatch": {
        "en": "Your session has expired. Reload the page and try again.",
        "es": "Su sesión ha caducado. Recargue la página e inténtelo de nuevo.",
    },
    "body_too_large": {
        "en": "The request is too large.",
        "es": "La solicitud es demasiado grande.",
    },
    "server_error": {
        "en": "Something went wrong. Please try again.",
        "es": "Algo salió mal. Inténtelo de nuevo.",
    },
    # field validation
    "field.required": {"en": "This field is required.", "es": "Este campo es obligatorio."},
    "field.not_allowed": {"en": "This field is not allowed.", "es": "Este campo no está permitido."},
    "field.string": {"en": "This field must be text.", "es": "Este campo debe ser texto."},
    "field.bool": {"en": "This field must be true or false.", "es": "Este campo debe ser verdadero o falso."},
    "field.int": {"en": "This field must be a whole number.", "es": "Este campo debe ser un número entero."},
    "field.list": {"en": "This field must be a list.", "es": "Este campo debe ser una lista."},
    "field.min_length": {
        "en": "Enter at least {min} characters.",
        "es": "Introduzca al menos {min} caracteres.",
    },
    "field.max_length": {
        "en": "Enter at most {max} characters.",
        "es": "Introduzca como máximo {max} caracteres.",
    },
    "field.min_items": {
        "en": "Choose at least {min}.",
        "es": "Elija al menos {min}.",
    },
    "field.email": {
        "en": "This must be a valid email address.",
        "es": "Debe ser una dirección de correo electrónico válida.",
    },
    "field.choice": {
        "en": "The selected value is invalid.",
        "es": "El valor seleccionado no es válido.",
    },
    "field.invalid": {"en": "This value is invalid.", "es": "Este valor no es válido."},
    # input that is not what it claims to be (issue 13: never a 500)
    "json.too_deep": {
        "en": "This JSON is nested too deeply (at most {max} levels).",
        "es": "Este JSON está anidado demasiado (como máximo {max} niveles).",
    },
    "field.json_object": {
        "en": "This must be a JSON object, between { and }.",
        "es": "Debe ser un objeto JSON, entre { y }.",
    },
    "field.cursor": {
        "en": "This page link does not belong to this list (or has expired): go back to the first page.",
        "es": "Este enlace de página no pertenece a esta lista (o ha caducado): vuelva a la primera página.",
    },
    "amount.format": {
        "en": "Enter an amount in pounds with at most 2 decimal places, such as 12.50.",
        "es": "Introduzca un importe en libras con 2 decimales como máximo, por ejemplo 12.50.",
    },
    "amount.negative": {
        "en": "The amount cannot be negative.",
        "es": "El importe no puede ser negativo.",
    },
    "amount.zero": {
        "en": "The amount must be more than zero.",
        "es": "El importe debe ser mayor que cero.",
    },
    "amount.too_large": {
        "en": "The amount can be at most £{max}.",
        "es": "El importe puede ser como máximo de £{max}.",
    },
    "field.confirmation": {
        "en": "The two passwords do not match.",
        "es": "Las dos contraseñas no coinciden.",
    },
    # auth
    "auth.failed": {
        "en": "These credentials do not match our records.",
        "es": "Estas credenciales no coinciden con nuestros registros.",
    },
    "auth.disabled": {
        "en": "These credentials do not match our records.",
        "es": "Estas credenciales no coinciden con nuestros registros.",
    },
    "auth.email_taken": {
        "en": "This email address is already registered.",
        "es": "Esta dirección de correo ya está registrada.",
    },
    "auth.password_wrong": {
        "en": "The password is incorrect.",
        "es": "La contraseña es incorrecta.",
    },
    "auth.reset_sent": {
        "en": "If an account exists for that address, we have emailed a password reset link.",
        "es": (
            "Si existe una cuenta con esa dirección, le hemos enviado un enlace para restablecer "
            "la contraseña."
        ),
    },
    "auth.reset_done": {"en": "Your password has been reset.", "es": "Su contraseña ha sido restablecida."},
    "auth.token_invalid": {
        "en": "This link is invalid or has expired.",
        "es": "Este enlace no es válido o ha caducado.",
    },
    "auth.email_verified": {
        "en": "Your email address is verified.",
        "es": "Su correo electrónico está verificado.",
    },
    "auth.verification_sent": {
        "en": "A new verification link has been sent to your email address.",
        "es": "Se ha enviado un nuevo enlace de verificación a su correo electrónico.",
    },
    "auth.password_changed": {
        "en": "Your password has been changed.",
        "es": "Su contraseña ha sido cambiada.",
    },
    "2fa.code_invalid": {
        "en": "The two-factor code is invalid.",
        "es": "El código de verificación no es válido.",
    },
    "2fa.recovery_invalid": {
        "en": "The recovery code is invalid.",
        "es": "El código de recuperación no es válido.",
    },
    "2fa.not_pending": {
        "en": "Generate a new secret first.",
        "es": "Genere primero un nuevo secreto.",
    },
    "2fa.not_enabled": {
        "en": "Two-factor authentication is not enabled.",
        "es": "La autenticación en dos pasos no está activada.",
    },
    # settings
    "roles.system": {
        "en": "The owner role cannot be changed.",
        "es": "El rol de propietario no se puede modificar.",
    },
    "roles.in_use": {
        "en": "This role is still assigned to {count} user(s).",
        "es": "Este rol aún está asignado a {count} usuario(s).",
    },
    "roles.name_taken": {
        "en": "A role with this name already exists.",
        "es": "Ya existe un rol con este nombre.",
    },
    "users.self_disable": {
        "en": "You cannot disable your own account.",
        "es": "No puede desactivar su propia cuenta.",
    },
    "users.last_owner": {
        "en": "A charity must keep at least one active owner.",
        "es": "Una organización debe conservar al menos un propietario activo.",
    },
    "options.currency": {"en": "Only GBP (£) is supported.", "es": "Solo se admite GBP (£)."},
    "exports.unknown_table": {
        "en": "This table cannot be exported.",
        "es": "Esta tabla no se puede exportar.",
    },
    "roles.grant_exceeds_own": {
        "en": "You cannot grant permissions you do not have.",
        "es": "No puede conceder permisos que usted no tiene.",
    },
    "roles.unknown": {"en": "This role does not exist.", "es": "Este rol no existe."},
    "settings.not_a_charity": {
        "en": "Platform administrators have no charity settings.",
        "es": "Los administradores de la plataforma no tienen ajustes de organización.",
    },
    "field.phone": {
        "en": "Use digits, spaces, brackets and hyphens only.",
        "es": "Use solo dígitos, espacios, paréntesis y guiones.",
    },
    "field.year_end": {
        "en": "Enter the year end as MM-DD, such as 03-31.",
        "es": "Introduzca el cierre del ejercicio como MM-DD, por ejemplo 03-31.",
    },
    "field.title": {
        "en": "A title has 1 to 4 letters, such as Mr or Dr.",
        "es": "Un tratamiento tiene de 1 a 4 letras, como Mr o Dr.",
    },
    "charities.unknown": {
        "en": "One or more of these charities do not exist.",
        "es": "Una o más de estas organizaciones no existen.",
    },
    "feedbacks.saved": {
        "en": "Thank you, your ticket has been saved.",
        "es": "Gracias, su ticket ha sido guardado.",
    },
    "feedbacks.status_changed": {
        "en": "The ticket status has been changed.",
        "es": "El estado del ticket ha cambiado.",
    },
    "feedbacks.deleted": {"en": "The ticket has been deleted.", "es": "El ticket ha sido eliminado."},
    "postcode.invalid": {
        "en": "Enter a full UK postcode, such as SW1A 1AA.",
        "es": "Introduzca un código postal completo del Reino Unido, como SW1A 1AA.",
    },
}


def set_locale(accept_language: str | None) -> str:
    """Pick the first supported language of an Accept-Language header (default en)."""
    chosen = "en"
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LOCALES:
            chosen = tag
            break
    _locale.set(chosen)
    return chosen


def current_locale() -> str:
    return _locale.get()


def t(key: str, **params: object) -> str:
    entry = CATALOG.get(key)
    if entry is None:
        return key
    text = entry.get(current_locale()) or entry["en"]
    return text.format(**params) if params else text
