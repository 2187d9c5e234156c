"""The page JSON check (functions/pages/blocks.py) on generated input: whatever the JSON, it
answers the cleaned page or a 422 whose every field is a path under `data` with a message —
never another exception; every template's page passes; mutating one prop of a valid page is
refused on that prop's path."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from functions.core.errors import Invalid
from functions.pages import blocks, templates

PREFIX = "pages/t1/p1/"
CONTEXT = blocks.Context(image_prefix=PREFIX, active_funds={"general", "roof"})

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=40,
)
prop_names = st.sampled_from(
    ["id", "heading", "body", "href", "image_key", "presets", "fund_id", "items", "links", "left", "layout"]
)
block_like = st.fixed_dictionaries(
    {
        "type": st.sampled_from([*blocks.BLOCK_TYPES, "Marquee", ""]) | json_values,
        "props": st.dictionaries(prop_names | st.text(max_size=8), json_values, max_size=6) | json_values,
    }
)
page_like = st.fixed_dictionaries(
    {"root": st.just({"props": {"title": "T"}}) | json_values, "content": st.lists(block_like, max_size=6)}
)


def outcome(data: Any, page_type: str = "landing") -> dict[str, list[str]] | None:
    try:
        blocks.check_page_data(data, page_type=page_type, context=CONTEXT)
    except Invalid as refused:
        return refused.errors or {}
    return None


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(data=page_like | json_values, page_type=st.sampled_from(["landing", "donation"]))
def test_any_input_is_accepted_or_refused_with_paths_under_data(data: Any, page_type: str) -> None:
    errors = outcome(data, page_type)
    if errors is None:
        return
    assert errors, "a refusal names at least one field"
    for path, messages in errors.items():
        assert path == "data" or path.startswith("data."), path
        assert messages and all(isinstance(message, str) and message for message in messages)


@pytest.mark.parametrize("template", templates.TEMPLATE_IDS)
@pytest.mark.parametrize("page_type", ["landing", "donation"])
def test_every_template_is_a_valid_page(template: str, page_type: str) -> None:
    data = templates.page_data(template, page_type, "My page", "es")
    assert outcome(data, page_type) is None


def valid_page() -> dict[str, Any]:
    return {
        "root": {"props": {"title": "Appeal"}},
        "content": [
            {"type": "Hero", "props": {"id": "h", "heading": "Help", "image_key": f"{PREFIX}abc.png"}},
            {"type": "RichText", "props": {"id": "r", "body": "Read [more](https://example.org/x)."}},
            {"type": "DonationForm", "props": {"id": "d", "presets": ["5", "10.00"], "fund_id": "roof"}},
            {
                "type": "Columns",
                "props": {
                    "id": "c",
                    "layout": "1-1",
                    "left": [
                        {"type": "Faq", "props": {"id": "f", "items": [{"question": "Q", "answer": "A"}]}}
                    ],
                    "right": [
                        {
                            "type": "Video",
                            "props": {"id": "v", "provider": "vimeo", "video_id": "1234567", "title": "V"},
                        }
                    ],
                },
            },
            {"type": "Footer", "props": {"id": "ft", "links": [{"label": "Mail", "href": "mailto:a@b.org"}]}},
        ],
    }


def test_a_valid_page_comes_back_trimmed_with_defaults_and_amounts_as_money() -> None:
    cleaned = blocks.check_page_data(valid_page(), page_type="donation", context=CONTEXT)
    form = cleaned["content"][2]["props"]
    assert form["presets"] == ["5.00", "10.00"] and form["default_frequency"] == "once"
    assert cleaned["content"][0]["props"]["align"] == "center"


MUTATIONS = [
    (("content", 0, "props", "heading"), "", "data.content.0.props.heading"),
    (("content", 0, "props", "cta_href"), "http://x.org", "data.content.0.props.cta_href"),
    (("content", 0, "props", "image_key"), "pages/t2/p1/abc.png", "data.content.0.props.image_key"),
    (("content", 1, "props", "body"), "[x](javascript:alert(1))", "data.content.1.props.body"),
    (("content", 2, "props", "presets"), ["10", "5"], "data.content.2.props.presets"),
    (("content", 2, "props", "presets"), ["5", "5"], "data.content.2.props.presets"),
    (("content", 2, "props", "presets"), ["1", "2", "3", "4", "5", "6", "7"], "data.content.2.props.presets"),
    (("content", 2, "props", "fund_id"), "archived", "data.content.2.props.fund_id"),
    (("content", 2, "props", "allow_monthly"), "yes", "data.content.2.props.allow_monthly"),
    (("content", 3, "props", "left", 0, "props", "items"), [], "data.content.3.props.left.0.props.items"),
    (
        ("content", 3, "props", "right", 0, "props", "video_id"),
        "12",
        "data.content.3.props.right.0.props.video_id",
    ),
    (("content", 3, "props", "left", 0, "type"), "DonationForm", "data.content.3.props.left.0.type"),
    (("content", 4, "props", "links", 0, "href"), "ftp://x.org", "data.content.4.props.links.0.href"),
    (("content", 0, "props", "id"), "bad id!", "data.content.0.props.id"),
    (("content", 0, "props", "onclick"), "x", "data.content.0.props.onclick"),
    (("root", "props", "title"), "x" * 121, "data.root.props.title"),
    (("zones",), {}, "data.zones"),
]


@pytest.mark.parametrize(("where", "value", "path"), MUTATIONS)
def test_one_bad_prop_is_refused_on_its_path(where: tuple[Any, ...], value: Any, path: str) -> None:
    data = copy.deepcopy(valid_page())
    target: Any = data
    for step in where[:-1]:
        target = target[step]
    target[where[-1]] = value
    errors = outcome(data, "donation")
    assert errors is not None and path in errors, errors


def test_page_limits_and_the_donation_form_rules() -> None:
    many = {
        "root": {"props": {}},
        "content": [{"type": "GiftAidExplainer", "props": {"id": f"g{n}"}} for n in range(101)],
    }
    assert "data.content" in (outcome(many) or {})
    huge = {
        "root": {"props": {}},
        "content": [{"type": "RichText", "props": {"id": "r", "body": "x" * 210_000}}],
    }
    assert list(outcome(huge) or {}) == ["data"]
    form = valid_page()["content"][2]
    assert outcome({"root": {"props": {}}, "content": [form, form]}) == {
        "data.content": ["A page may have only one donation form."]
    }
    assert outcome({"root": {"props": {}}, "content": []}, "donation") == {
        "data.content": ["A donation page needs its donation form."]
    }


@pytest.mark.parametrize(
    ("link", "safe"),
    [
        ("https://example.org", True),
        ("https://example.org/a?b=c#d", True),
        ("mailto:info@example.org", True),
        ("http://example.org", False),
        ("javascript:alert(1)", False),
        ("https://", False),
        ("https://exa mple.org", False),
        ('https://example.org/"onmouseover', False),
        ("https://[::1", False),
        ("mailto:", False),
        ("//example.org", False),
    ],
)
def test_links_are_https_or_mailto_only(link: str, safe: bool) -> None:
    assert blocks.is_safe_link(link) is safe
