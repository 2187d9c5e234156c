"""The IRmark: HMRC's digest of a submission's `Body`.

Rule (HMRC "IRmark" specification, GIFT_AID.md §8): take the `Body` element exactly as it is sent,
with the namespace declarations in scope from the root; remove the `IRmark` element; canonicalise
with inclusive C14N 1.0 without comments; SHA-1; Base64 goes in `<IRmark Type="generic">`. HMRC's
receipts quote the same digest in Base32. Whitespace inside Body counts, so the digest is taken
over the bytes that are sent and never over a re-serialisation.

`digest_of_document` works on any document (the reference vectors, a received file) through
lxml's C14N; `functions.domain.hmrc.r68` writes its Body already in canonical form and hashes
those bytes directly (see `canonical_text` / `canonical_attribute`), which tests prove equal.
"""

from __future__ import annotations

import base64
import hashlib

from lxml import etree

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_blank_text=False, huge_tree=True)

# C14N 1.0 escaping (W3C REC-xml-c14n-20010315 §2.3): text escapes &, <, > and CR; attribute values
# escape &, <, " and TAB, LF, CR. Anything else is written as UTF-8 characters.
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#xD;"})
_ATTRIBUTE_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", '"': "&quot;", "\t": "&#x9;", "\n": "&#xA;", "\r": "&#xD;"}
)
_TEXT_SPECIALS = frozenset("&<>\r")


def canonical_text(value: str) -> str:
    """Character data escaped exactly as C14N 1.0 writes it (so the sent bytes are canonical)."""
    if _TEXT_SPECIALS.isdisjoint(value):
        return value
    return value.translate(_TEXT_ESCAPES)


def canonical_attribute(value: str) -> str:
    """An attribute value escaped exactly as C14N 1.0 writes it (inside double quotes)."""
    return value.translate(_ATTRIBUTE_ESCAPES)


def encode_digest(digest: bytes) -> tuple[str, str]:
    """(Base64, Base32) of a SHA-1 digest: the IRmark element's text and the receipt's form."""
    return base64.b64encode(digest).decode("ascii"), base64.b32encode(digest).decode("ascii")


def canonical_body(document: bytes) -> bytes:
    """The inclusive C14N 1.0 form (no comments) of the document's Body with IRmark removed."""
    root = etree.fromstring(document, _PARSER)  # noqa: S320 - entities and network are disabled
    body = root if etree.QName(root).localname == "Body" else _first_child(root, "Body")
    for mark in [
        el for el in body.iter() if isinstance(el.tag, str) and etree.QName(el).localname == "IRmark"
    ]:
        _remove_keeping_tail(mark)
    return etree.tostring(body, method="c14n", exclusive=False, with_comments=False)


def digest_of_document(document: bytes) -> bytes:
    """SHA-1 of `canonical_body(document)`: the IRmark's raw 20 bytes."""
    return hashlib.sha1(canonical_body(document)).digest()  # noqa: S324 - HMRC mandates SHA-1


def irmark_of_document(document: bytes) -> str:
    """The Base64 IRmark of a whole GovTalk message (or of a bare Body)."""
    return encode_digest(digest_of_document(document))[0]


def _first_child(root: etree._Element, localname: str) -> etree._Element:
    for child in root:
        if isinstance(child.tag, str) and etree.QName(child).localname == localname:
            return child
    raise ValueError(f"no {localname} element under {root.tag}")


def _remove_keeping_tail(element: etree._Element) -> None:
    """Remove an element but keep the text that followed it (lxml drops the tail with it)."""
    parent = element.getparent()
    if parent is None:
        return
    tail = element.tail or ""
    previous = element.getprevious()
    if previous is not None:
        previous.tail = (previous.tail or "") + tail
    else:
        parent.text = (parent.text or "") + tail
    parent.remove(element)
