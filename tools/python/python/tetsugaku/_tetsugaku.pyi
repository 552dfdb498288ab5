"""Type stubs of the extension module ``tetsugaku._tetsugaku`` (re-exported by ``tetsugaku``)."""

from typing import Iterable, Mapping, Optional, Union, final

class TetsugakuError(ValueError):
    """Base class of every error the rules raise."""

class VariantError(TetsugakuError):
    """No variant has that name."""

class RuleOptionError(TetsugakuError):
    """The variant reads no rule option of that name, or the option takes no such value."""

class PositionError(TetsugakuError):
    """The position string is not a position of the variant."""

    field: str
    """The field at fault: "whole", "board", "side", "hand", "move_number" or "extra"."""

class BadMoveError(TetsugakuError):
    """The move token is malformed."""

    token: str

class IllegalMoveError(TetsugakuError):
    """The move token is well formed but not legal here (or the game is over)."""

    token: str

class UndoError(TetsugakuError):
    """Nothing has been played since the start."""

@final
class RuleOption:
    """A rule option a variant reads."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str:
        """"check", "combo", "spin" or "string"."""
    @property
    def default(self) -> str: ...
    @property
    def about(self) -> str: ...
    @property
    def values(self) -> list[str]:
        """The values of a "combo" or "check" option; empty otherwise."""

@final
class Variant:
    """A variant the engine plays."""

    @property
    def name(self) -> str: ...
    @property
    def rule_options(self) -> list[RuleOption]: ...

def variants() -> list[Variant]:
    """Every variant the engine plays, in the order `usi` lists them."""

@final
class Move:
    """A move or chance outcome, as its token; equal to the token and hashed like it."""

    @property
    def token(self) -> str: ...
    @property
    def variant(self) -> str: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

@final
class Result:
    """How a game ended."""

    @property
    def winner(self) -> Optional[str]:
        """"b" or "w"; None for a draw."""
    @property
    def reason(self) -> str:
        """The reason word of the engine's `result` reply."""

@final
class Game:
    """A game of a variant: a start, the moves played since, and the engine's rules."""

    def __init__(
        self,
        variant: str,
        rules: Optional[Mapping[str, Union[str, bool, int]]] = None,
        position: Optional[str] = None,
        moves: Optional[Iterable[Union[Move, str]]] = None,
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def rules(self) -> dict[str, str]: ...
    @property
    def start(self) -> str: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def legal_moves(self) -> list[Move]: ...
    @property
    def rolls(self) -> list[tuple[Move, int]]: ...
    @property
    def places(self) -> list[tuple[Move, list[str]]]: ...
    def parse_move(self, token: str) -> Move: ...
    def play(self, move: Union[Move, str]) -> Move: ...
    def undo(self) -> Move: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object) -> Game: ...
    def __len__(self) -> int: ...
    @property
    def ply(self) -> int: ...
    @property
    def side_to_move(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def key(self) -> int: ...
    @property
    def result(self) -> Optional[Result]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def in_check(self) -> bool: ...
    @property
    def is_chance(self) -> bool: ...
    def perft(self, depth: int) -> int: ...
    def perft_divide(self, depth: int) -> dict[str, int]: ...
    def diagram(self) -> str: ...
    def svg(self, flip: bool = False) -> str: ...
    def _repr_svg_(self) -> str: ...
