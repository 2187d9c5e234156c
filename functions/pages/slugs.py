"""A landing page's address within its charity (`/p/<charity slug>/<page slug>`): 3 to 60 of
a-z 0-9 and single hyphens, not starting or ending with one, and no word the site itself uses."""

from __future__ import annotations

import re
import unicodedata

MIN_LENGTH, MAX_LENGTH = 3, 60
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
RESERVED = frozenset(
    {
        "admin",
        "api",
        "p",
        "give",
        "new",
        "edit",
        "preview",
        "static",
        "assets",
        "login",
        "logout",
        "register",
        "www",
        "app",
        "widget",
        "embed",
        "landing",
        "page-builder",
        "settings",
        "donate",
        "checkout",
        "null",
        "undefined",
    }
)


def slug_problem(slug: str) -> str | None:
    """The message key of what is wrong with `slug`, or None when it may be used."""
    if not MIN_LENGTH <= len(slug) <= MAX_LENGTH or not SLUG.fullmatch(slug):
        return "pages.slug_format"
    if slug in RESERVED:
        return "pages.slug_reserved"
    return None


def slug_from(title: str) -> str:
    """A usable slug made from a title: accents dropped, anything else a hyphen, cut to fit;
    `page` stands in for a title with no letters or digits, a reserved word gets `-page`."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[: MAX_LENGTH - 4].strip("-")
    if len(slug) < MIN_LENGTH:
        slug = f"page-{slug}".strip("-") if slug else "page"
    if len(slug) < MIN_LENGTH or slug in RESERVED:
        slug = f"{slug}-page"
    return slug


def numbered(base: str, attempt: int) -> str:
    """The `attempt`-th candidate for a slug that must be unique: base, base-2, base-3, ..."""
    if attempt == 1:
        return base
    suffix = f"-{attempt}"
    return f"{base[: MAX_LENGTH - len(suffix)].rstrip('-')}{suffix}"
