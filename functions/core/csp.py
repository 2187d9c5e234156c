"""Content-Security-Policy strings: one definition of what a published landing page (issue 17) adds
to the site's policy, used by the local stack (chalicelocal/static.py), the widget's frame document
(functions/pages/embed.py) and checked against template.yaml's CloudFront policies
(tests/contract/test_page_csp.py), so that a page's videos and images work the same in all three.

A policy is a string of `name source source…` directives separated by `;`. The functions here are
pure text: template.yaml's policies carry `${FilesBucket}` placeholders for `!Sub`, and those
are sources like any other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# The video block plays only these two players (frontend/src/public/pages/render/blocks.tsx).
VIDEO_FRAMES: tuple[str, ...] = ("https://www.youtube-nocookie.com", "https://player.vimeo.com")
# The one inline style the SPA needs: the page builder's editor (@puckeditor/core 0.23) writes its
# own tokens into its canvas frame as a <style> element, which the frame (srcdoc: the SPA's own
# policy) refuses without it. Its hash, not 'unsafe-inline' (SECURITY.md); a new editor version
# with other text is refused, and the browser tests fail on any refusal (tests/e2e/helpers.mjs).
EDITOR_CANVAS_STYLE = "'sha256-7oCaXV5kddj0GXz76wNgX02JS4wosdTHGA8eb5MQVx4='"


def site(files_origins: Iterable[str] = ()) -> str:
    """The SPA's policy (admin screens, the donation page, and the base of a published page's):
    everything from its own origin, no inline script or style but the editor's one style, no
    plugins, never framed; the files bucket's origins (presigned URLs) in connect-src, as the SPA
    uploads straight to it, and in img-src, for the page builder's uploaded images. template.yaml's
    SecurityHeadersPolicy is this with its bucket (tests/contract/test_page_csp.py); the local
    stack serves it with the local S3's origin (chalicelocal/static.py)."""
    files = [origin for origin in files_origins if origin]
    return render(
        [
            ("default-src", ["'self'"]),
            ("script-src", ["'self'"]),
            ("style-src", ["'self'", EDITOR_CANVAS_STYLE]),
            ("img-src", ["'self'", "data:", "blob:", *files]),
            ("font-src", ["'self'", "data:"]),
            ("connect-src", ["'self'", *files]),
            ("object-src", ["'none'"]),
            ("base-uri", ["'self'"]),
            ("form-action", ["'self'"]),
            ("frame-ancestors", ["'none'"]),
        ]
    )


def parse(policy: str) -> list[tuple[str, list[str]]]:
    """`"default-src 'self'; img-src 'self' data:"` → `[("default-src", ["'self'"]), …]`, in order."""
    directives: list[tuple[str, list[str]]] = []
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives.append((words[0].lower(), words[1:]))
    return directives


def render(directives: Iterable[tuple[str, Sequence[str]]]) -> str:
    return "; ".join(" ".join([name, *sources]) for name, sources in directives)


def sources(policy: str, name: str) -> list[str] | None:
    """The sources of one directive, or None when the policy does not have it."""
    for directive, found in parse(policy):
        if directive == name:
            return found
    return None


def with_sources(policy: str, name: str, added: Iterable[str]) -> str:
    """The policy with `added` in directive `name` (after its own sources, none twice). A directive
    the policy lacks is added with `added` alone, right after default-src."""
    directives = parse(policy)
    names = [directive for directive, _ in directives]
    if name not in names:
        at = names.index("default-src") + 1 if "default-src" in names else 0
        directives.insert(at, (name, []))
    result: list[tuple[str, list[str]]] = []
    for directive, found in directives:
        if directive == name:
            found = [*found, *(source for source in added if source not in found)]
        result.append((directive, found))
    return render(result)


def with_images_from(policy: str, files_origins: Iterable[str]) -> str:
    """The policy with the files bucket's origins in img-src: uploaded page images are presigned
    GET URLs there (the builder's preview and the published page show them)."""
    return with_sources(policy, "img-src", [origin for origin in files_origins if origin])


def published_page(policy: str, files_origins: Iterable[str]) -> str:
    """A published page's policy from the site's: the video players in frame-src (the site's own
    policy has none: no frame at all) and the files bucket's images in img-src."""
    return with_sources(with_images_from(policy, files_origins), "frame-src", VIDEO_FRAMES)
