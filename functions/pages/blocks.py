"""The page JSON of the builder (Puck's Data shape) checked against our block schema
(docs/api.md "Landing pages"): `{root: {props: {title?}}, content: [Block, ...]}`, each block
`{type, props: {id, ...}}` with exactly the props of its type. Unknown blocks or props are
refused, strings are trimmed and bounded, links are https: or mailto: only (also in RichText's
markdown), image keys must be this page's, funds an active fund of the charity.

Whatever the input, `check_page_data` returns the cleaned data or raises `Invalid` whose every
field is a path under `data` (`data.content.2.props.href`); nothing else leaves it (a generated
input test holds it to that). It reads no storage: the caller passes what it needs to know."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from functions.core.errors import Invalid
from functions.core.messages import t
from functions.core.money import AmountError, money_text, parse_amount
from functions.pages import messages as _messages  # noqa: F401  (registers the messages)

MAX_BLOCKS = 100  # blocks in all, those inside columns included
MAX_DATA_BYTES = 200 * 1024  # the page JSON, UTF-8
MAX_LINK = 2000
BLOCK_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
YOUTUBE_ID = re.compile(r"[A-Za-z0-9_-]{11}")
VIMEO_ID = re.compile(r"[0-9]{6,12}")
MARKDOWN_LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\n]*)\)")
_UNSAFE_IN_LINK = re.compile(r"[\s\"'<>\\`\x00-\x1f\x7f]")
NOT_IN_COLUMNS = ("Columns", "DonationForm")

_MISSING = object()


class _Problems:
    """Errors by path, each message once."""

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    def add(self, path: str, key: str, **params: Any) -> None:
        message = t(key, **params)
        found = self.errors.setdefault(path, [])
        if message not in found:
            found.append(message)


@dataclass(frozen=True)
class Context:
    """What the check needs to know beyond the JSON: the page's image key prefix and the
    charity's active funds."""

    image_prefix: str
    active_funds: Collection[str]


Check = Callable[[Any, str, _Problems, Context], Any]


@dataclass(frozen=True)
class Prop:
    check: Check
    default: Any = _MISSING  # _MISSING: the prop must be given


def is_safe_link(value: str) -> bool:
    """An https: address with a host, or a mailto: address; no spaces, quotes or angle
    brackets (the renderer writes it into an attribute)."""
    if len(value) > MAX_LINK or _UNSAFE_IN_LINK.search(value):
        return False
    lowered = value.lower()
    if lowered.startswith("mailto:"):
        return "@" in value[7:] and not value[7:].startswith("@")
    if not lowered.startswith("https://"):
        return False
    try:
        parts = urlsplit(value)
        host = parts.hostname
    except ValueError:
        return False
    return parts.scheme == "https" and bool(host) and "." in (host or "")


# ------------------------------------------------------------------ prop checks
def text(low: int, high: int) -> Check:
    def check(value: Any, path: str, problems: _Problems, context: Context) -> Any:
        if not isinstance(value, str):
            problems.add(path, "field.string")
            return None
        value = value.strip()
        if len(value) < low:
            problems.add(path, "field.required" if low == 1 else "field.min_length", min=low)
        elif len(value) > high:
            problems.add(path, "field.max_length", max=high)
        return value

    return check


def choice(*options: str) -> Check:
    def check(value: Any, path: str, problems: _Problems, context: Context) -> Any:
        if not isinstance(value, str) or value not in options:
            problems.add(path, "field.choice")
        return value

    return check


def boolean(value: Any, path: str, problems: _Problems, context: Context) -> Any:
    if not isinstance(value, bool):
        problems.add(path, "field.bool")
    return value


def link(*, optional: bool) -> Check:
    def check(value: Any, path: str, problems: _Problems, context: Context) -> Any:
        if not isinstance(value, str):
            problems.add(path, "field.string")
            return None
        value = value.strip()
        if value == "" and optional:
            return value
        if value == "":
            problems.add(path, "field.required")
        elif not is_safe_link(value):
            problems.add(path, "pages.link")
        return value

    return check


def image_key(*, optional: bool) -> Check:
    def check(value: Any, path: str, problems: _Problems, context: Context) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            problems.add(path, "field.required")
            return None
        value = value.strip()
        rest = value[len(context.image_prefix) :]
        if not value.startswith(context.image_prefix) or not re.fullmatch(
            r"[A-Za-z0-9_-]{1,64}\.[a-z]{3,4}", rest
        ):
            problems.add(path, "pages.image_key")
        return value

    return check


def money(value: Any, path: str, problems: _Problems, context: Context) -> Any:
    try:
        return money_text(parse_amount(value))
    except AmountError as error:
        problems.add(path, error.message_key, **error.params)
        return None


def presets(value: Any, path: str, problems: _Problems, context: Context) -> Any:
    if not isinstance(value, list):
        problems.add(path, "field.list")
        return None
    if not 1 <= len(value) <= 6:
        problems.add(path, "pages.presets_count", max=6)
        return None
    amounts = [money(item, f"{path}.{index}", problems, context) for index, item in enumerate(value)]
    if None not in amounts:
        numbers = [parse_amount(amount) for amount in amounts]
        if any(later <= earlier for earlier, later in zip(numbers, numbers[1:], strict=False)):
            problems.add(path, "pages.presets_order")
    return amounts


def fund(*, optional: bool) -> Check:
    def check(value: Any, path: str, problems: _Problems, context: Context) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, str) or value not in context.active_funds:
            problems.add(path, "pages.fund")
        return value

    return check


def block_id(value: Any, path: str, problems: _Problems, context: Context) -> Any:
    if not isinstance(value, str) or not BLOCK_ID.fullmatch(value):
        problems.add(path, "pages.block_id")
    return value


def rich_text(value: Any, path: str, problems: _Problems, context: Context) -> Any:
    value = text(0, 10000)(value, path, problems, context)
    if isinstance(value, str):
        for found in MARKDOWN_LINK.finditer(value):
            if not is_safe_link(found.group(2).strip()):
                problems.add(path, "pages.markdown_link", text=found.group(1)[:40])
    return value


def items_of(fields: dict[str, Prop], low: int, high: int) -> Check:
    """A list of small objects with exactly `fields` (FAQ items, footer links)."""

    def check(value: Any, path: str, problems: _Problems, context: Context) -> Any:
        if not isinstance(value, list):
            problems.add(path, "field.list")
            return None
        if not low <= len(value) <= high:
            problems.add(path, "pages.items_count", min=low, max=high)
            return None
        return [
            _object(item, fields, f"{path}.{index}", problems, context) for index, item in enumerate(value)
        ]

    return check


def _object(value: Any, fields: dict[str, Prop], path: str, problems: _Problems, context: Context) -> Any:
    if not isinstance(value, dict):
        problems.add(path, "field.json_object")
        return None
    cleaned: dict[str, Any] = {}
    for name in value:
        if name not in fields:
            problems.add(f"{path}.{_name(name)}", "field.not_allowed")
    for name, prop in fields.items():
        if name in value:
            cleaned[name] = prop.check(value[name], f"{path}.{name}", problems, context)
        elif prop.default is _MISSING:
            problems.add(f"{path}.{name}", "field.required")
        else:
            cleaned[name] = prop.default
    return cleaned


def _name(name: Any) -> str:
    """A client's key as a path segment (bounded, so an error never echoes a huge key)."""
    return str(name)[:64]


FAQ_ITEM = {"question": Prop(text(1, 200)), "answer": Prop(text(1, 2000))}
FOOTER_LINK = {"label": Prop(text(1, 40)), "href": Prop(link(optional=False))}
SLOT = "slot"  # Columns' nested block lists: checked by `_blocks`, not by a prop check

BLOCKS: dict[str, dict[str, Prop]] = {
    "Hero": {
        "heading": Prop(text(1, 120)),
        "subheading": Prop(text(0, 300), ""),
        "image_key": Prop(image_key(optional=True), None),
        "align": Prop(choice("left", "center"), "center"),
        "cta_label": Prop(text(0, 40), ""),
        "cta_href": Prop(link(optional=True), ""),
    },
    "RichText": {"body": Prop(rich_text, "")},
    "Image": {
        "image_key": Prop(image_key(optional=False)),
        "alt": Prop(text(1, 200)),
        "caption": Prop(text(0, 200), ""),
    },
    "Video": {
        "provider": Prop(choice("youtube", "vimeo")),
        "video_id": Prop(text(1, 12)),
        "title": Prop(text(1, 120)),
    },
    "DonationForm": {
        "heading": Prop(text(0, 120), ""),
        "presets": Prop(presets),
        "default_frequency": Prop(choice("once", "monthly"), "once"),
        "allow_monthly": Prop(boolean, False),
        "allow_annual": Prop(boolean, False),
        "fund_id": Prop(fund(optional=True), None),
    },
    "GiftAidExplainer": {"heading": Prop(text(0, 120), "")},
    "FundProgress": {
        "fund_id": Prop(fund(optional=False)),
        "target": Prop(money),
        "show_gift_aid": Prop(boolean, True),
        "heading": Prop(text(0, 120), ""),
    },
    "Faq": {"heading": Prop(text(0, 120), ""), "items": Prop(items_of(FAQ_ITEM, 1, 30))},
    "CallToAction": {
        "heading": Prop(text(1, 120)),
        "text": Prop(text(0, 500), ""),
        "label": Prop(text(1, 40)),
        "href": Prop(link(optional=False)),
    },
    "Footer": {"text": Prop(text(0, 500), ""), "links": Prop(items_of(FOOTER_LINK, 0, 10), [])},
    "Columns": {"layout": Prop(choice("1-1", "1-2", "2-1", "1-1-1"), "1-1")},
}
SLOTS = ("left", "middle", "right")
BLOCK_TYPES = tuple(BLOCKS)


class _Walk:
    def __init__(self, context: Context) -> None:
        self.context = context
        self.problems = _Problems()
        self.count = 0

    def blocks(self, value: Any, path: str, *, nested: bool) -> list[Any]:
        if not isinstance(value, list):
            self.problems.add(path, "field.list")
            return []
        cleaned: list[Any] = []
        for index, block in enumerate(value):
            self.count += 1
            if self.count > MAX_BLOCKS:
                self.problems.add(path, "pages.too_many_blocks", max=MAX_BLOCKS)
                return cleaned
            cleaned.append(self.block(block, f"{path}.{index}", nested=nested))
        return cleaned

    def block(self, value: Any, path: str, *, nested: bool) -> Any:
        if not isinstance(value, dict):
            self.problems.add(path, "field.json_object")
            return None
        for name in value:
            if name not in ("type", "props"):
                self.problems.add(f"{path}.{_name(name)}", "field.not_allowed")
        kind = value.get("type")
        if not isinstance(kind, str) or kind not in BLOCKS:
            self.problems.add(f"{path}.type", "pages.block_type")
            return None
        if nested and kind in NOT_IN_COLUMNS:
            self.problems.add(f"{path}.type", "pages.not_in_columns")
            return None
        raw = value.get("props", _MISSING)
        if not isinstance(raw, dict):
            self.problems.add(f"{path}.props", "field.json_object")
            return None
        fields = {"id": Prop(block_id), **BLOCKS[kind]}
        slots = SLOTS if kind == "Columns" else ()
        props = _object(
            {k: v for k, v in raw.items() if k not in slots},
            fields,
            f"{path}.props",
            self.problems,
            self.context,
        )
        for slot in slots:
            props[slot] = self.blocks(raw.get(slot, []), f"{path}.props.{slot}", nested=True)
        if kind == "Video":
            self.video(props, f"{path}.props")
        return {"type": kind, "props": props}

    def video(self, props: dict[str, Any], path: str) -> None:
        pattern = {"youtube": YOUTUBE_ID, "vimeo": VIMEO_ID}.get(props.get("provider") or "")
        video = props.get("video_id")
        if pattern is not None and isinstance(video, str) and video and not pattern.fullmatch(video):
            self.problems.add(f"{path}.video_id", "pages.video_id")


def _size(data: Any) -> int:
    try:
        return len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except (TypeError, ValueError, RecursionError):
        return MAX_DATA_BYTES + 1


def check_page_data(data: Any, *, page_type: str, context: Context) -> dict[str, Any]:
    """`data` cleaned (strings trimmed, defaults filled, amounts as "12.50"), or `Invalid` naming
    every problem by its path under `data`. A donation page has exactly one DonationForm at the top
    level, a landing page at most one."""
    walk = _Walk(context)
    if not isinstance(data, dict):
        raise Invalid(errors={"data": [t("field.json_object")]})
    if _size(data) > MAX_DATA_BYTES:
        raise Invalid(errors={"data": [t("pages.too_large", max=MAX_DATA_BYTES // 1024)]})
    for name in data:
        if name not in ("root", "content"):
            walk.problems.add(f"data.{_name(name)}", "field.not_allowed")
    root = _root(data.get("root", {"props": {}}), walk)
    content = walk.blocks(data.get("content", []), "data.content", nested=False)
    forms = sum(1 for block in content if isinstance(block, dict) and block.get("type") == "DonationForm")
    if page_type == "donation" and forms == 0:
        walk.problems.add("data.content", "pages.form_required")
    elif forms > 1:
        walk.problems.add("data.content", "pages.form_once")
    if walk.problems.errors:
        raise Invalid(errors=walk.problems.errors)
    return {"root": root, "content": content}


def _root(value: Any, walk: _Walk) -> dict[str, Any]:
    if not isinstance(value, dict):
        walk.problems.add("data.root", "field.json_object")
        return {"props": {}}
    for name in value:
        if name != "props":
            walk.problems.add(f"data.root.{_name(name)}", "field.not_allowed")
    props = value.get("props", {})
    if not isinstance(props, dict):
        walk.problems.add("data.root.props", "field.json_object")
        return {"props": {}}
    cleaned = _object(
        props, {"title": Prop(text(0, 120), "")}, "data.root.props", walk.problems, walk.context
    )
    return {"props": cleaned}


def image_keys(data: dict[str, Any]) -> list[str]:
    """Every image key a (checked) page uses, in order, each once."""
    found: list[str] = []
    for block in walk_blocks(data.get("content") or []):
        key = (block.get("props") or {}).get("image_key")
        if isinstance(key, str) and key and key not in found:
            found.append(key)
    return found


def fund_ids(data: dict[str, Any]) -> list[str]:
    """The funds a (checked) page shows or gives to, each once."""
    found: list[str] = []
    for block in walk_blocks(data.get("content") or []):
        fund_id = (block.get("props") or {}).get("fund_id")
        if isinstance(fund_id, str) and fund_id not in found:
            found.append(fund_id)
    return found


def walk_blocks(blocks: list[Any]) -> list[dict[str, Any]]:
    """The blocks of a (checked) page, those inside columns included, in reading order."""
    found: list[dict[str, Any]] = []
    for block in blocks:
        if not isinstance(block, dict):
            continue
        found.append(block)
        if block.get("type") == "Columns":
            for slot in SLOTS:
                found.extend(walk_blocks((block.get("props") or {}).get(slot) or []))
    return found


def has_donation_form(data: dict[str, Any]) -> bool:
    return any(isinstance(b, dict) and b.get("type") == "DonationForm" for b in data.get("content") or [])


def with_image_keys(data: dict[str, Any], moved: dict[str, str]) -> dict[str, Any]:
    """A copy of `data` whose image keys are replaced by `moved` (a duplicated page's own)."""

    def copy(value: Any) -> Any:
        if isinstance(value, dict):
            return {
                k: (moved.get(v, v) if k == "image_key" and isinstance(v, str) else copy(v))
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [copy(item) for item in value]
        return value

    return dict(copy(data))
