"""`functions.core.deferred`: the imports of a `with deferred_imports():` block run on first use,
all together and in order, and the module then holds the real objects."""

from __future__ import annotations

import builtins
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from functions.core.deferred import DeferredImportError, load_all

PACKAGE = "deferred_probe"
PLAIN_IMPORT = builtins.__import__


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A package whose modules record that they ran, on sys.path for this test only."""
    package = tmp_path / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text("RAN = []\n")
    for name in ("first", "second"):
        (package / f"{name}.py").write_text(
            textwrap.dedent(
                f"""
                from {PACKAGE} import RAN
                RAN.append("{name}")
                VALUE = "{name} value"


                class Thing:
                    def __init__(self, label):
                        self.label = label


                def shout(text):
                    return text.upper() + " from {name}"
                """
            )
        )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield __import__(PACKAGE).RAN
    for module in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
        del sys.modules[module]


def _module(source: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "probe_routes"}
    exec(textwrap.dedent(source), namespace)  # noqa: S102 - a module body, as a routes.py runs it
    return namespace


ROUTES = f"""
from functions.core.deferred import deferred_imports

with deferred_imports():
    from {PACKAGE} import first
    from {PACKAGE}.second import Thing, shout as loud
"""


def test_nothing_runs_until_a_deferred_name_is_used(probe):
    module = _module(ROUTES)
    assert probe == []
    assert f"{PACKAGE}.first" not in sys.modules

    assert module["loud"]("hi") == "HI from second"

    assert probe == ["first", "second"]  # the whole block, in the order it was written


def test_after_first_use_the_module_holds_the_real_objects(probe):
    module = _module(ROUTES)
    assert module["first"].VALUE == "first value"

    real_first, real_second = sys.modules[f"{PACKAGE}.first"], sys.modules[f"{PACKAGE}.second"]
    assert module["first"] is real_first
    assert module["Thing"] is real_second.Thing
    assert module["loud"] is real_second.shout
    assert probe == ["first", "second"]  # ran once


def test_a_stand_in_behaves_as_the_class_it_stands_for(probe):
    stand_in = _module(ROUTES)["Thing"]
    thing = stand_in("x")
    assert thing.label == "x"
    assert isinstance(thing, _module(ROUTES)["Thing"])  # another module's stand-in, still unused


def test_a_module_with_nothing_used_imports_nothing_and_load_all_imports_it(probe):
    module = _module(ROUTES)
    load_all(module)
    assert probe == ["first", "second"]
    assert module["first"] is sys.modules[f"{PACKAGE}.first"]


def test_a_missing_module_fails_at_import_as_an_eager_import_would(probe):
    with pytest.raises(ModuleNotFoundError, match=f"{PACKAGE}.third"):
        _module(
            f"""
            from functions.core.deferred import deferred_imports

            with deferred_imports():
                from {PACKAGE}.third import anything
            """
        )
    # the hook is gone: a plain import in the next module runs at once
    assert builtins.__import__ is PLAIN_IMPORT
    _module(f"from {PACKAGE} import first")
    assert probe == ["first"]


@pytest.mark.parametrize(
    "statement",
    [f"import {PACKAGE}.first", f"from {PACKAGE}.first import *", "from . import anything"],
)
def test_forms_that_cannot_be_deferred_are_refused_at_import(probe, statement):
    with pytest.raises(DeferredImportError):
        _module(
            f"""
            from functions.core.deferred import deferred_imports

            with deferred_imports():
                {statement}
            """
        )
    assert probe == []
    assert builtins.__import__ is PLAIN_IMPORT


def test_threads_using_the_block_at_once_run_it_once_and_see_it_complete(probe):
    module = _module(ROUTES)
    start = threading.Barrier(8)
    seen: list[str] = []

    def use() -> None:
        start.wait()
        seen.append(module["first"].VALUE)

    threads = [threading.Thread(target=use) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == ["first value"] * 8
    assert probe == ["first", "second"]
