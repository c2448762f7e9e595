"""swisspair: the FIDE Swiss-system pairing engine (Dutch 2017 and 2026, Dubov, Lim, rating 1992).

>>> import swisspair
>>> pairing = swisspair.pair(open("examples/club-16p-round5.trf").read(), system="dutch", edition="2017")
>>> for board in pairing["boards"]:
...     print(board["board"], board["white"]["name"], "-", board["black"]["name"])

A tournament is TRF text or a JSON document (detected from the content), as ``str`` or ``bytes``.
Errors: ``InvalidInput`` (with ``line``, ``field`` and ``message``), ``NoValidPairing``; both derive
from ``SwisspairError``.
"""

import json as _json
from typing import Any, Dict, Optional, Union

from . import _swisspair
from ._swisspair import (
    CHECK_SCHEMA,
    PAIRING_SCHEMA,
    TOURNAMENT_SCHEMA,
    InternalError,
    InvalidInput,
    NoValidPairing,
    SwisspairError,
    __version__,
)

__all__ = [
    "pair",
    "check",
    "generate",
    "convert",
    "before_round",
    "SwisspairError",
    "InvalidInput",
    "NoValidPairing",
    "InternalError",
    "TOURNAMENT_SCHEMA",
    "PAIRING_SCHEMA",
    "CHECK_SCHEMA",
    "__version__",
]

Tournament = Union[str, bytes]


def _bytes(tournament: Tournament) -> bytes:
    if isinstance(tournament, str):
        return tournament.encode("utf-8")
    if isinstance(tournament, (bytes, bytearray, memoryview)):
        return bytes(tournament)
    raise TypeError("the tournament is TRF or JSON text (str or bytes)")


def _edition(edition: Union[None, str, int]) -> Optional[str]:
    return None if edition is None else str(edition)


def pair(
    tournament: Tournament,
    system: str = "dutch",
    edition: Union[None, str, int] = None,
    maxi: bool = False,
) -> Dict[str, Any]:
    """Pairs the next round.

    Returns ``{"system", "edition", "round", "boards": [{"board", "white", "black"}], "bye"}`` where
    white, black and the bye are ``{"start_number", "name"}`` (the bye is None when nobody gets it).
    ``edition`` is a year ("2017", "2026"); None takes the one the file names, else the default. When
    the default paired a file that names no edition while FIDE-rated events need a newer one (the Dutch
    system: 2017 applied, 2026 in force since 1 February 2026), the result has an ``"edition_notice"``
    that says so.
    """
    return _json.loads(_swisspair.pair_json(_bytes(tournament), system, _edition(edition), maxi))


def check(
    tournament: Tournament,
    system: str = "dutch",
    edition: Union[None, str, int] = None,
    maxi: bool = False,
) -> Dict[str, Any]:
    """Re-pairs every round of a tournament; returns ``{"system", "edition", "rounds", "differences"}``.

    With ``"edition_notice"`` as :func:`pair` when the default edition applied for want of a choice.
    """
    return _json.loads(_swisspair.check_json(_bytes(tournament), system, _edition(edition), maxi))


def generate(
    system: str = "dutch",
    edition: Union[None, str, int] = None,
    config: str = "",
    seed: int = 1,
) -> str:
    """Generates a random tournament paired by the system; returns TRF text.

    ``config`` holds the generator's ``key=value`` lines (PlayersNumber=, RoundsNumber=, ...).
    """
    return _swisspair.generate(system, _edition(edition), config, seed)


def convert(tournament: Tournament, to: Optional[str] = None) -> str:
    """Converts a tournament between TRF and JSON; ``to`` is "json", "trf" or None (the other format)."""
    if to not in (None, "json", "trf"):
        raise ValueError("to: 'json', 'trf' or None")
    return _swisspair.convert(_bytes(tournament), None if to is None else to == "json")


def before_round(tournament: Tournament, round: int) -> str:
    """The tournament as it stood before ``round`` (1-based) was paired, as a JSON document.

    Pairing it gives that round again (later rounds removed, the round's byes announced, the points
    columns cleared), as the checker replays a round.
    """
    return _swisspair.before_round(_bytes(tournament), round)
