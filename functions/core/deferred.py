"""Deferred imports: an area's routes register every route at import, and import what the routes
run (services, schemas, pydantic, domain code) on the first request that needs it.

A Lambda function imports its area's `routes.py` at cold start (ARCHITECTURE.md §8: at most
1.3x a bare `import boto3`). Chalice must see every route at import, so `routes.py` itself is
imported eagerly; its own imports of the area's modules are written inside a block:

    from functions.core.deferred import deferred_imports

    with deferred_imports():
        from functions.donations import catalog, quick, schemas, service

Inside the block an import statement binds stand-ins and runs nothing. The first time any
stand-in of the block is used (an attribute, a call, isinstance), the block's import statements
run, in order, exactly as written, and every name of the block in the module is rebound to the
real object; later calls see plain modules and classes. Type checkers and import-linter read the
statements as ordinary imports. Only `from <module> import <names>` forms are accepted; modules
imported for their side effects (a messages catalogue) stay outside the block. A service may
use a block too, for a model only some calls need (a list's filters model: `ListQuery.filters_as`
does not touch it when no filter is applied).
docs/decisions/0011-cold-start-deferred-imports.md records why.
"""

from __future__ import annotations

import builtins
import importlib.util
import sys
import threading
from types import TracebackType
from typing import Any

_install_lock = threading.RLock()  # one hook at a time: builtins.__import__ is process-wide


class DeferredImportError(ImportError):
    """A statement the block cannot defer (named at import time, never at the first request)."""


class _Block:
    """The statements of one `with deferred_imports():` block and the module they belong to."""

    def __init__(self, owner: dict[str, Any]) -> None:
        self.owner = owner
        self.statements: list[tuple[str, tuple[str, ...]]] = []
        self.stand_ins: list[tuple[str, _StandIn]] = []  # (name in the module, stand-in)
        self.modules: dict[str, Any] = {}  # statement's module name -> the imported module
        self.loaded = False
        self.lock = threading.RLock()

    def load(self) -> None:
        with self.lock:
            if self.loaded:
                return
            for module_name, names in self.statements:
                self.modules[module_name] = builtins.__import__(module_name, self.owner, None, names, 0)
            for bound, stand_in in self.stand_ins:
                if self.owner.get(bound) is stand_in:
                    self.owner[bound] = stand_in._resolve()
            self.loaded = True


class _StandIn:
    """Stands for `from <module> import <name>` until the block is loaded, then forwards."""

    __slots__ = ("_block", "_module_name", "_name")

    def __init__(self, block: _Block, module_name: str, name: str) -> None:
        object.__setattr__(self, "_block", block)
        object.__setattr__(self, "_module_name", module_name)
        object.__setattr__(self, "_name", name)

    def _target(self) -> Any:
        object.__getattribute__(self, "_block").load()
        return self._resolve()

    def _resolve(self) -> Any:
        block: _Block = object.__getattribute__(self, "_block")
        module = block.modules[object.__getattribute__(self, "_module_name")]
        name = object.__getattribute__(self, "_name")
        try:
            return getattr(module, name)
        except AttributeError:  # a submodule the package does not set as an attribute
            return sys.modules[f"{module.__name__}.{name}"]

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._target(), attribute)

    def __setattr__(self, attribute: str, value: Any) -> None:
        setattr(self._target(), attribute, value)

    def __delattr__(self, attribute: str) -> None:
        delattr(self._target(), attribute)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._target()(*args, **kwargs)

    def __instancecheck__(self, instance: Any) -> bool:
        return isinstance(instance, self._target())

    def __subclasscheck__(self, subclass: type) -> bool:
        return issubclass(subclass, self._target())

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[Any, ...]:
        return (self._target(),)

    def __dir__(self) -> list[str]:
        return dir(self._target())

    def __repr__(self) -> str:
        block: _Block = object.__getattribute__(self, "_block")
        if block.loaded:
            return repr(self._target())
        module_name = object.__getattribute__(self, "_module_name")
        return f"<deferred {module_name}.{object.__getattribute__(self, '_name')}>"


class _Statement:
    """What the hooked `__import__` returns: `from X import a` then reads `a` from it."""

    def __init__(self, block: _Block, module_name: str) -> None:
        self._block, self._module_name = block, module_name

    def __getattr__(self, name: str) -> _StandIn:
        return _StandIn(self._block, self._module_name, name)


class _Deferring:
    """The context manager of `deferred_imports()`."""

    def __init__(self) -> None:
        self._block: _Block | None = None
        self._previous: Any = None

    def __enter__(self) -> None:
        owner = sys._getframe(1).f_globals
        block = self._block = _Block(owner)
        previous = builtins.__import__

        def hooked(
            name: str,
            globals: dict[str, Any] | None = None,  # noqa: A002 - __import__'s own parameter names
            locals: Any = None,  # noqa: A002
            fromlist: Any = (),
            level: int = 0,
        ) -> Any:
            if globals is not owner:  # another module (or thread) importing meanwhile
                return previous(name, globals, locals, fromlist, level)
            if level != 0 or not fromlist or "*" in fromlist:
                raise DeferredImportError(
                    f"deferred_imports() takes `from <absolute module> import <names>` only, not {name!r}"
                )
            if importlib.util.find_spec(name) is None:  # a typo fails at import, as it would eagerly
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            block.statements.append((name, tuple(fromlist)))
            return _Statement(block, name)

        _install_lock.acquire()
        self._previous = previous
        builtins.__import__ = hooked  # type: ignore[assignment]  # same call shape, looser types

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        builtins.__import__ = self._previous
        _install_lock.release()
        block = self._block
        if block is not None:
            block.stand_ins = [
                (bound, value) for bound, value in block.owner.items() if _is_stand_in(value, block)
            ]


def deferred_imports() -> _Deferring:
    """Defer the `from <module> import <names>` statements of the block (see the module doc)."""
    return _Deferring()


def _is_stand_in(value: Any, block: _Block | None = None) -> bool:
    """Whether `value` is a stand-in (of `block`, when given) that has not been replaced yet."""
    if type(value) is not _StandIn:
        return False
    return block is None or object.__getattribute__(value, "_block") is block


def load_all(module_globals: dict[str, Any]) -> None:
    """Run every deferred import of a module now (tests: each block resolves)."""
    for value in list(module_globals.values()):
        if _is_stand_in(value):
            object.__getattribute__(value, "_block").load()
