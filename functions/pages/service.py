"""Landing pages (issue 17): create from a template, edit the facts (title, slug, language),
autosave the draft (checked against the block schema), publish an immutable version, unpublish,
restore a version into the draft, duplicate, soft delete; the list with each page's counters;
image uploads; what the builder's preview and the public renderer need. Every change is in the
audit trail."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids, keys
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.list_search import fold
from functions.core.messages import current_locale, t
from functions.core.money import money_text
from functions.donors.transaction import Transaction, TransactionFailed
from functions.pages import blocks, repository, slugs, templates
from functions.pages import messages as _messages  # noqa: F401  (registers the messages)
from functions.pages.models import Page, PageDraft, PageSlug, PageVersion

with deferred_imports():  # pydantic: only a filtered list needs it (ADR 0011)
    from functions.pages.schemas import PageFilters

if TYPE_CHECKING:
    from functions.pages.list_queries import PageListQuery
    from functions.pages.schemas import CreateBody, DraftBody, ImageBody, UpdateBody, VersionBody

MAX_SLUG_ATTEMPTS = 30
EMPTY_STATS = {name: 0 for name in repository.STATS}


def _pounds(pence: int) -> str:
    return money_text(Decimal(int(pence)) / 100)


def charity_slug(tenant_id: str) -> str:
    """The charity's part of its public page addresses: its giving page's slug."""
    from functions.giving.service import page_of

    return str(page_of(tenant_id).slug)


# ------------------------------------------------------------------ views
def row(page: Page, stats: dict[str, int], charity: str) -> dict[str, Any]:
    donations = int(stats.get("donations", 0))
    return {
        "id": page.page_id,
        "title": page.title,
        "slug": page.slug,
        "type": page.page_type,
        "status": page.status,
        "updated_at": clock.iso(page.updated_at),
        "updated_by_name": page.updated_by_name,
        "published_at": clock.iso(page.published_at),
        "published_version": int(page.published_version) if page.published_version is not None else None,
        "has_unpublished_changes": bool(page.has_unpublished_changes),
        "visits": int(stats.get("visits", 0)),
        "donations": donations,
        "raised": _pounds(int(stats.get("raised_pence", 0))),
        "gift_aid_rate": (
            f"{int(stats.get('gift_aid_donations', 0)) / donations:.2f}" if donations else None
        ),
        "public_url": f"/p/{charity}/{page.slug}",
        "version": page.version,
    }


def detail(page: Page, data: dict[str, Any] | None = None) -> dict[str, Any]:
    stats = repository.stats(page.tenant_id, [page.page_id]).get(page.page_id, EMPTY_STATS)
    return {
        **row(page, stats, charity_slug(page.tenant_id)),
        "data": data if data is not None else repository.draft(page.tenant_id, page.page_id),
        "locale": page.locale,
    }


def listing(who: Principal, query: PageListQuery) -> dict[str, Any]:
    filters = query.filters_as(PageFilters)
    status = filters.status if filters else None
    page_type = filters.type if filters else None
    words = fold(query.search).strip()
    pages = [
        page
        for page in repository.all_pages(who.tenant_id)
        if page.deleted_at is None
        and (status is None or page.status == status)
        and (page_type is None or page.page_type == page_type)
        and (not words or fold(page.title).startswith(words))
    ]
    pages.sort(key=lambda page: page.updated_at, reverse=query.sortDesc)
    start = (query.page - 1) * query.length
    shown = pages[start : start + query.length]
    stats = repository.stats(who.tenant_id, [page.page_id for page in shown])
    charity = charity_slug(who.tenant_id) if shown else ""
    return {
        "data": [row(page, stats.get(page.page_id, EMPTY_STATS), charity) for page in shown],
        "meta": {"total": len(pages), "page": query.page, "length": query.length, "next_cursor": None},
    }


def template_list(who: Principal) -> dict[str, Any]:
    return {"data": templates.catalogue(current_locale())}


def show(who: Principal, page_id: str) -> dict[str, Any]:
    return detail(repository.page(who.tenant_id, page_id))


# ------------------------------------------------------------------ checks
def _check_slug(slug: str) -> None:
    problem = slugs.slug_problem(slug)
    if problem:
        raise Invalid.field("slug", problem)


def _context(tenant_id: str, page_id: str) -> blocks.Context:
    active = {
        fund_id for fund_id, fund in repository.funds(tenant_id).items() if fund.active and not fund.archived
    }
    return blocks.Context(image_prefix=keys.page_image_prefix(tenant_id, page_id), active_funds=active)


def _checked(tenant_id: str, page: Page, data: Any) -> dict[str, Any]:
    return blocks.check_page_data(data, page_type=page.page_type, context=_context(tenant_id, page.page_id))


def _slug_free() -> Any:
    return PageSlug.pk.does_not_exist() | (PageSlug.redirect == True)  # noqa: E712 (a condition)


def _touch(page: Page, who: Principal) -> None:
    page.updated_at = clock.now()
    page.updated_by_name = who.user.name


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# ------------------------------------------------------------------ create, edit
def _create_page(
    who: Principal, *, title: str, slug: str | None, page_type: str, locale: str, data_of: Any
) -> dict[str, Any]:
    """Put a new draft page under `slug`, or (without one) the first free of slug-from-title,
    -2, -3, ... `data_of(page_id)` gives its draft."""
    page_id = ids.new_id()
    base = slug or slugs.slug_from(title)
    for attempt in range(1, MAX_SLUG_ATTEMPTS + 1):
        candidate = base if slug else slugs.numbered(base, attempt)
        page = Page(
            *Page.key(who.tenant_id, page_id),
            page_id=page_id,
            tenant_id=who.tenant_id,
            title=title,
            slug=candidate,
            page_type=page_type,
            locale=locale,
            updated_at=clock.now(),
            updated_by_name=who.user.name,
        )
        data = data_of(page_id)
        transaction = Transaction()
        transaction.put(page, condition=Page.pk.does_not_exist(), tag="page")
        transaction.put(PageDraft(*PageDraft.key(who.tenant_id, page_id), page_id=page_id, data=_dump(data)))
        transaction.put(
            PageSlug(*PageSlug.key(who.tenant_id, candidate), page_id=page_id, redirect=False),
            condition=_slug_free(),
            tag="slug",
        )
        try:
            transaction.commit()
        except TransactionFailed as failed:
            if "slug" in failed.tags and not slug:
                continue
            if "slug" in failed.tags:
                raise Invalid.field("slug", "pages.slug_taken") from failed
            raise
        audit.record(who.tenant_id, "page.created", actor_id=who.user_id, page_id=page_id, slug=candidate)
        return detail(repository.page(who.tenant_id, page_id), data)
    raise Invalid.field("slug", "pages.slug_taken")


def create(who: Principal, body: CreateBody) -> dict[str, Any]:
    if body.slug is not None:
        _check_slug(body.slug)
    locale = current_locale()
    return _create_page(
        who,
        title=body.title,
        slug=body.slug,
        page_type=body.type,
        locale=locale,
        data_of=lambda _: templates.page_data(body.template, body.type, body.title, locale),
    )


def update(who: Principal, page_id: str, body: UpdateBody) -> dict[str, Any]:
    """Title, slug and language. A published page's old slug stays as a redirect to it."""
    page = repository.page(who.tenant_id, page_id)
    if page.version != body.version:
        raise Conflict("pages.stale")
    _check_slug(body.slug)
    old_slug = page.slug
    changed = (body.title, body.slug, body.locale) != (page.title, page.slug, page.locale)
    transaction = Transaction()
    if body.slug != old_slug:
        transaction.put(
            PageSlug(*PageSlug.key(who.tenant_id, body.slug), page_id=page_id, redirect=False),
            condition=_slug_free() | (PageSlug.page_id == page_id),
            tag="slug",
        )
        redirects = [str(slug) for slug in page.redirect_slugs or [] if slug != body.slug]
        if page.status == "published":
            transaction.put(PageSlug(*PageSlug.key(who.tenant_id, old_slug), page_id=page_id, redirect=True))
            redirects.append(old_slug)
        else:
            transaction.delete(PageSlug(*PageSlug.key(who.tenant_id, old_slug)))
        page.redirect_slugs = redirects  # type: ignore[assignment]
    if changed and page.published_version is not None:
        page.has_unpublished_changes = True
    page.title, page.slug, page.locale = body.title, body.slug, body.locale
    _touch(page, who)
    transaction.put(page, tag="page")
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "slug" in failed.tags:
            raise Invalid.field("slug", "pages.slug_taken") from failed
        raise Conflict("pages.stale") from failed
    audit.record(
        who.tenant_id,
        "page.updated",
        actor_id=who.user_id,
        page_id=page_id,
        slug=body.slug,
        old_slug=old_slug if old_slug != body.slug else None,
    )
    return detail(page)


def _save(
    page: Page, who: Principal, data: dict[str, Any] | None, event: str, **facts: Any
) -> dict[str, Any]:
    """Write the page (its version checked) and, when given, its new draft, in one transaction."""
    _touch(page, who)
    transaction = Transaction()
    transaction.put(page, tag="page")
    if data is not None:
        transaction.put(
            PageDraft(*PageDraft.key(page.tenant_id, page.page_id), page_id=page.page_id, data=_dump(data))
        )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        raise Conflict("pages.stale") from failed
    audit.record(page.tenant_id, event, actor_id=who.user_id, page_id=page.page_id, **facts)
    return detail(page, data)


def _fresh(who: Principal, page_id: str, version: int) -> Page:
    page = repository.page(who.tenant_id, page_id)
    if page.version != version:
        raise Conflict("pages.stale")
    return page


def save_draft(who: Principal, page_id: str, body: DraftBody) -> dict[str, Any]:
    page = _fresh(who, page_id, body.version)
    data = _checked(who.tenant_id, page, body.data)
    page.has_unpublished_changes = page.published_version is not None
    return _save(page, who, data, "page.draft_saved")


def publish(who: Principal, page_id: str, body: VersionBody) -> dict[str, Any]:
    """The draft (checked again: a fund may have been archived since) becomes version n+1."""
    page = _fresh(who, page_id, body.version)
    data = _checked(who.tenant_id, page, repository.draft(who.tenant_id, page_id))
    number = int(page.published_version or 0) + 1
    now = clock.now()
    version = PageVersion(
        *PageVersion.key(who.tenant_id, page_id, number),
        page_id=page_id,
        number=number,
        title=page.title,
        locale=page.locale,
        data=_dump(data),
        published_at=now,
        published_by_name=who.user.name,
    )
    page.status, page.published_version, page.published_at = "published", number, now
    page.has_unpublished_changes = False
    _touch(page, who)
    transaction = Transaction()
    transaction.put(page, tag="page")
    transaction.put(version, condition=PageVersion.pk.does_not_exist(), tag="version")
    try:
        transaction.commit()
    except TransactionFailed as failed:
        raise Conflict("pages.stale") from failed
    audit.record(who.tenant_id, "page.published", actor_id=who.user_id, page_id=page_id, number=number)
    return detail(page, data)


def unpublish(who: Principal, page_id: str, body: VersionBody) -> dict[str, Any]:
    page = _fresh(who, page_id, body.version)
    if page.status != "published":
        raise Conflict("pages.not_published")
    page.status = "unpublished"
    return _save(page, who, None, "page.unpublished")


def version_list(who: Principal, page_id: str) -> dict[str, Any]:
    repository.page(who.tenant_id, page_id)
    return {
        "data": [
            {
                "number": int(item.number),
                "title": item.title,
                "published_at": clock.iso(item.published_at),
                "published_by_name": item.published_by_name,
            }
            for item in repository.versions(who.tenant_id, page_id)
        ]
    }


def restore(who: Principal, page_id: str, number: int, body: VersionBody) -> dict[str, Any]:
    page = _fresh(who, page_id, body.version)
    found = repository.version(who.tenant_id, page_id, number)
    if found is None:
        raise NotFound("pages.no_version")
    page.has_unpublished_changes = True
    return _save(page, who, dict(json.loads(found.data)), "page.restored", number=number)


def duplicate(who: Principal, page_id: str) -> dict[str, Any]:
    """A draft copy ("Copy of …", a free slug); its images are copied to the new page's own."""
    page = repository.page(who.tenant_id, page_id)
    data = repository.draft(who.tenant_id, page_id)
    title = f"{t('pages.copy_of')} {page.title}"[:120]

    def copied(new_id: str) -> dict[str, Any]:
        moved = {}
        for key in blocks.image_keys(data):
            target = keys.page_image_prefix(who.tenant_id, new_id) + key.rsplit("/", 1)[-1]
            repository.copy_image(key, target)
            moved[key] = target
        return blocks.with_image_keys(data, moved)

    return _create_page(
        who,
        title=title,
        slug=None,
        page_type=page.page_type,
        locale=page.locale,
        data_of=copied,
    )


def remove(who: Principal, page_id: str) -> None:
    """Soft delete: the page leaves the list and the public route, and its slugs are freed."""
    page = repository.page(who.tenant_id, page_id)
    page.deleted_at = clock.now()
    redirects = [str(slug) for slug in page.redirect_slugs or []]
    page.redirect_slugs = []  # type: ignore[assignment]
    transaction = Transaction()
    transaction.put(page, tag="page")
    transaction.delete(
        PageSlug(*PageSlug.key(who.tenant_id, page.slug)), condition=PageSlug.page_id == page_id
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        raise Conflict("pages.stale") from failed
    for slug in redirects:
        repository.release_redirect(who.tenant_id, slug, page_id)
    audit.record(who.tenant_id, "page.deleted", actor_id=who.user_id, page_id=page_id, slug=page.slug)


def image_upload(who: Principal, page_id: str, body: ImageBody) -> dict[str, Any]:
    from functions.pages.schemas import IMAGE_TYPES  # loaded already: the body was read by it

    repository.page(who.tenant_id, page_id)
    key = keys.page_image_key(who.tenant_id, page_id, ids.new_id(), IMAGE_TYPES[body.content_type])
    return {"key": key, "upload": repository.image_upload(key, body.content_type, body.size)}


# ------------------------------------------------------------------ preview and public page
def _funds_view(tenant_id: str, data: dict[str, Any], *, with_target: bool) -> dict[str, Any]:
    wanted = blocks.fund_ids(data)
    if not wanted:
        return {}
    known = repository.funds(tenant_id)
    money = repository.fund_money(tenant_id, {fund_id for fund_id in wanted if fund_id in known})
    view: dict[str, Any] = {}
    for fund_id in wanted:
        fund = known.get(fund_id)
        if fund is None:
            continue
        view[fund_id] = {
            "name": fund.name,
            "raised": _pounds(money[fund_id]["raised"]),
            "gift_aid": _pounds(money[fund_id]["gift_aid"]),
        }
        if with_target:
            view[fund_id]["target"] = _pounds(int(fund.goal)) if fund.goal is not None else None
    return view


def _giving(tenant_id: str, data: dict[str, Any]) -> dict[str, Any] | None:
    """The public giving facts a donation form needs, or None (no form, or no live giving page)."""
    if not blocks.has_donation_form(data):
        return None
    from functions.giving import repository as giving_repository
    from functions.giving import service as giving

    found = giving_repository.page(tenant_id)
    if found is None:
        return None
    try:
        facts = giving.public_page(found.slug)
    except NotFound:
        return None
    return {"slug": found.slug, **facts, "frequencies": facts.get("frequencies") or ["once"]}


def _images(data: dict[str, Any]) -> dict[str, str]:
    return {key: repository.image_url(key) for key in blocks.image_keys(data)}


def preview_data(who: Principal, page_id: str) -> dict[str, Any]:
    page = repository.page(who.tenant_id, page_id)
    data = repository.draft(who.tenant_id, page_id)
    return {
        "data": data,
        "images": _images(data),
        "funds": _funds_view(who.tenant_id, data, with_target=True),
        "giving": _giving(page.tenant_id, data),
    }


def public_page(charity: str, page_slug: str) -> dict[str, Any]:
    """A published page by its address (an old slug: where it went), counting the visit; 404 for
    anything else (unknown, draft, unpublished, deleted)."""
    from functions.core.identity import Tenant
    from functions.giving import repository as giving_repository

    if len(charity) > slugs.MAX_LENGTH or len(page_slug) > slugs.MAX_LENGTH:
        raise NotFound("pages.unknown")
    tenant_id = giving_repository.slug_owner(charity)
    pointer = repository.slug_item(tenant_id, page_slug) if tenant_id else None
    if tenant_id is None or pointer is None:
        raise NotFound("pages.unknown")
    try:
        page = repository.page(tenant_id, pointer.page_id)
    except NotFound:
        raise NotFound("pages.unknown") from None
    if page.status != "published" or page.published_version is None:
        raise NotFound("pages.unknown")
    if pointer.redirect:
        return {"redirect": page.slug}
    version = repository.version(tenant_id, page.page_id, int(page.published_version))
    if version is None:
        raise NotFound("pages.unknown")
    tenant = Tenant.get(*Tenant.key(tenant_id))
    data = dict(json.loads(version.data))
    repository.add_visit(tenant_id, page.page_id)
    return {
        "charity": {"name": tenant.name, "registration_number": tenant.registration_number},
        "page": {
            "id": page.page_id,
            "title": version.title,
            "type": page.page_type,
            "locale": version.locale,
            "data": data,
        },
        "images": _images(data),
        "funds": _funds_view(tenant_id, data, with_target=False),
        "giving": _giving(tenant_id, data),
    }


def published_form(tenant_id: str, page_id: str) -> dict[str, Any] | None:
    """The props of the donation form of the charity's published page `page_id` (what a gift
    started on it may ask for: its fund, monthly, annual), or None when there is no such live
    page or it has no form. Used by the giving area's checkout."""
    try:
        page = repository.page(tenant_id, page_id)
    except NotFound:
        return None
    if page.status != "published" or page.published_version is None:
        return None
    version = repository.version(tenant_id, page.page_id, int(page.published_version))
    if version is None:
        return None
    for block in json.loads(version.data).get("content", []):
        if block.get("type") == "DonationForm":
            return dict(block.get("props") or {})
    return None
