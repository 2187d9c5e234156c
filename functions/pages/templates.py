"""The starting points of a new landing page (blank, appeal, monthly, event), written in the
charity's language: each is page JSON of our blocks (`functions.pages.blocks`). A donation page
always starts with its donation form; a template without one gets it added."""

from __future__ import annotations

from typing import Any

TEMPLATE_IDS = ("blank", "appeal", "monthly", "event")
TEMPLATE_TYPES = {"blank": "landing", "appeal": "donation", "monthly": "donation", "event": "landing"}
DEFAULT_PRESETS = ["10.00", "25.00", "50.00"]

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "blank.title": "Blank page",
        "blank.description": "An empty page to build from scratch.",
        "appeal.title": "Appeal",
        "appeal.description": "A fundraising appeal with a story, progress and a donation form.",
        "monthly.title": "Monthly giving",
        "monthly.description": "Asks for a regular gift, monthly by default.",
        "event.title": "Event",
        "event.description": "Announces an event with the details and a call to action.",
        "hero.appeal": "Help us reach our goal",
        "hero.appeal.sub": "Every gift makes a difference.",
        "story": "## Why we need your help\n\nTell your supporters what their gift will do.",
        "form.heading": "Make a donation",
        "giftaid.heading": "Boost your gift by 25% with Gift Aid",
        "hero.monthly": "Give every month",
        "hero.monthly.sub": "A regular gift lets us plan ahead.",
        "monthly.body": "Your monthly gift gives us steady support all year round.",
        "faq.heading": "Questions",
        "faq.q1": "Can I stop my monthly gift?",
        "faq.a1": "Yes, at any time: use the link in your confirmation email or contact us.",
        "hero.event": "Join us",
        "hero.event.sub": "Date, time and place of the event.",
        "event.body": "Describe the event: what happens, who it is for and how to take part.",
        "cta.heading": "Save your place",
        "cta.text": "Places are limited.",
        "cta.label": "Contact us",
        "footer": "Thank you for your support.",
    },
    "es": {
        "blank.title": "Página en blanco",
        "blank.description": "Una página vacía para construir desde cero.",
        "appeal.title": "Campaña",
        "appeal.description": (
            "Una campaña de recaudación con una historia, su progreso y un formulario de donación."
        ),
        "monthly.title": "Donación mensual",
        "monthly.description": "Pide una donación periódica, mensual por defecto.",
        "event.title": "Evento",
        "event.description": "Anuncia un evento con los detalles y una llamada a la acción.",
        "hero.appeal": "Ayúdenos a alcanzar nuestra meta",
        "hero.appeal.sub": "Cada donación cuenta.",
        "story": "## Por qué necesitamos su ayuda\n\nCuente a sus donantes lo que logrará su donación.",
        "form.heading": "Haga una donación",
        "giftaid.heading": "Aumente su donación un 25 % con Gift Aid",
        "hero.monthly": "Done cada mes",
        "hero.monthly.sub": "Una donación periódica nos permite planificar.",
        "monthly.body": "Su donación mensual nos da un apoyo constante todo el año.",
        "faq.heading": "Preguntas",
        "faq.q1": "¿Puedo dejar de donar cada mes?",
        "faq.a1": "Sí, cuando quiera: use el enlace de su correo de confirmación o contáctenos.",
        "hero.event": "Acompáñenos",
        "hero.event.sub": "Fecha, hora y lugar del evento.",
        "event.body": "Describa el evento: qué ocurre, a quién va dirigido y cómo participar.",
        "cta.heading": "Reserve su plaza",
        "cta.text": "Las plazas son limitadas.",
        "cta.label": "Contáctenos",
        "footer": "Gracias por su apoyo.",
    },
}


def _text(locale: str) -> dict[str, str]:
    return _TEXT.get(locale, _TEXT["en"])


def catalogue(locale: str) -> list[dict[str, str]]:
    """The templates as the new-page dialog lists them."""
    text = _text(locale)
    return [
        {
            "id": template,
            "type": TEMPLATE_TYPES[template],
            "title": text[f"{template}.title"],
            "description": text[f"{template}.description"],
        }
        for template in TEMPLATE_IDS
    ]


def donation_form(text: dict[str, str], *, monthly: bool = False) -> dict[str, Any]:
    return {
        "type": "DonationForm",
        "props": {
            "id": "donation-form",
            "heading": text["form.heading"],
            "presets": list(DEFAULT_PRESETS),
            "default_frequency": "monthly" if monthly else "once",
            "allow_monthly": True,
            "allow_annual": monthly,
            "fund_id": None,
        },
    }


def _hero(block_id: str, heading: str, subheading: str) -> dict[str, Any]:
    return {
        "type": "Hero",
        "props": {
            "id": block_id,
            "heading": heading,
            "subheading": subheading,
            "image_key": None,
            "align": "center",
            "cta_label": "",
            "cta_href": "",
        },
    }


def _rich_text(block_id: str, body: str) -> dict[str, Any]:
    return {"type": "RichText", "props": {"id": block_id, "body": body}}


def _footer(text: dict[str, str]) -> dict[str, Any]:
    return {"type": "Footer", "props": {"id": "footer", "text": text["footer"], "links": []}}


def page_data(template: str, page_type: str, title: str, locale: str) -> dict[str, Any]:
    """The draft a new page starts from (valid by `blocks.check_page_data` for its type)."""
    text = _text(locale)
    content: list[dict[str, Any]] = []
    if template == "appeal":
        content = [
            _hero("hero", text["hero.appeal"], text["hero.appeal.sub"]),
            _rich_text("story", text["story"]),
            donation_form(text),
            {"type": "GiftAidExplainer", "props": {"id": "gift-aid", "heading": text["giftaid.heading"]}},
            _footer(text),
        ]
    elif template == "monthly":
        content = [
            _hero("hero", text["hero.monthly"], text["hero.monthly.sub"]),
            _rich_text("why-monthly", text["monthly.body"]),
            donation_form(text, monthly=True),
            {
                "type": "Faq",
                "props": {
                    "id": "faq",
                    "heading": text["faq.heading"],
                    "items": [{"question": text["faq.q1"], "answer": text["faq.a1"]}],
                },
            },
            _footer(text),
        ]
    elif template == "event":
        content = [
            _hero("hero", text["hero.event"], text["hero.event.sub"]),
            _rich_text("details", text["event.body"]),
            {
                "type": "CallToAction",
                "props": {
                    "id": "cta",
                    "heading": text["cta.heading"],
                    "text": text["cta.text"],
                    "label": text["cta.label"],
                    "href": "mailto:info@example.org",
                },
            },
            _footer(text),
        ]
    has_form = any(block["type"] == "DonationForm" for block in content)
    if page_type == "donation" and not has_form:
        content.insert(min(1, len(content)), donation_form(text))
    return {"root": {"props": {"title": title}}, "content": content}
