"""The rules of the Tetsugaku engine's variants, in-process.

Every variant the engine plays (``tetsugaku.variants()``) with the engine's own rules: legal
moves, chance outcomes (Shogammon rolls), results, position strings, the ``d`` diagram and an
SVG picture. Nothing here starts the engine process; the rules are the engine's library,
compiled into the extension module ``tetsugaku._tetsugaku``.

    >>> import tetsugaku
    >>> g = tetsugaku.Game("shogi")
    >>> g.play("7g7f")
    Move('7g7f')
    >>> g.side_to_move
    'w'

Errors are ``TetsugakuError`` (a ``ValueError``) subclasses: ``VariantError``,
``RuleOptionError``, ``PositionError`` (``.field``), ``BadMoveError`` and
``IllegalMoveError`` (``.token``), ``UndoError``.

``tetsugaku.engine`` drives a ``tetsugaku`` engine process (analyse, play, mate) for pipelines.
"""

from ._tetsugaku import (
    BadMoveError,
    Game,
    IllegalMoveError,
    Move,
    PositionError,
    Result,
    RuleOption,
    RuleOptionError,
    TetsugakuError,
    UndoError,
    Variant,
    VariantError,
    variants,
)
from . import engine

__all__ = [
    "BadMoveError",
    "Game",
    "IllegalMoveError",
    "Move",
    "PositionError",
    "Result",
    "RuleOption",
    "RuleOptionError",
    "TetsugakuError",
    "UndoError",
    "Variant",
    "VariantError",
    "engine",
    "variants",
]
