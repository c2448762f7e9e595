"""swisspair: the FIDE Swiss-system pairing engine (Dutch 2017 and 2026, Dubov, Lim, rating 1992, and
Team Swiss, C.04.6 2026, as the system "team").

>>> import swisspair
>>> pairing = swisspair.pair(open("examples/club-16p-round5.trf").read(), system="dutch", edition="2017")
>>> for board in pairing["boards"]:
...     print(board["board"], board["white"]["name"], "-", board["black"]["name"])

A tournament is TRF text or a JSON document (detected from the content), as ``str`` or ``bytes``.
Errors: ``InvalidInput`` (with ``line``, ``field`` and ``message``), ``NoValidPairing``; both derive
from ``SwisspairError``.

A team tournament (a TRF file with ``310`` team records and a ``FIDE_TEAM...`` code in its ``192`` or
``092`` record, or its JSON document) is paired, checked and shown by the same functions, by the team
system whatever ``system`` says (or named: ``system="team"``). In its pairing a board is a match (white
and black are teams: ``start_number`` the TPN) and the bye is the pairing-allocated bye;
``team_colours`` ("a", "b", "none") and ``team_score`` ("mp", "gp") override the file's code.
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
    "overview",
    "explain",
    "why",
    "checklist",
    "announce",
    "add_round",
    "add_team_round",
    "from_list",
    "write",
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
# A year ("2017", 2026), or None: the one the file names, else the system's default.
Edition = Union[None, str, int]


def _bytes(tournament: Tournament) -> bytes:
    if isinstance(tournament, str):
        return tournament.encode("utf-8")
    if isinstance(tournament, (bytes, bytearray, memoryview)):
        return bytes(tournament)
    raise TypeError("the tournament is TRF or JSON text (str or bytes)")


def _edition(edition: Edition) -> Optional[str]:
    return None if edition is None else str(edition)


def _request(what, tournament, system, edition, maxi, team_colours=None, team_score=None):
    """One request of the native module, its JSON result as Python objects."""
    return _json.loads(
        _swisspair.request_json(
            what, _bytes(tournament), system, _edition(edition), maxi, team_colours, team_score
        )
    )


def _request_function(what: str, doc: str):
    """The public function of request ``what``: the tournament and the options of :func:`pair`,
    documented by ``doc``."""

    def request(
        tournament: Tournament,
        system: str = "dutch",
        edition: Edition = None,
        maxi: bool = False,
        team_colours: Optional[str] = None,
        team_score: Optional[str] = None,
    ) -> Dict[str, Any]:
        return _request(what, tournament, system, edition, maxi, team_colours, team_score)

    request.__name__ = request.__qualname__ = what
    request.__doc__ = doc
    return request


pair = _request_function(
    "pair",
    """Pairs the next round.

    Returns ``{"system", "edition", "round", "boards": [{"board", "white", "black"}], "bye"}`` where
    white, black and the bye are ``{"start_number", "name"}`` (the bye is None when nobody gets it).
    ``edition`` is a year ("2017", "2026"); None takes the one the file names, else the default. When
    the default paired a file that names no edition while FIDE-rated events need a newer one (the Dutch
    system: 2017 applied, 2026 in force since 1 February 2026), the result has an ``"edition_notice"``
    that says so.
    """,
)

check = _request_function(
    "check",
    """Re-pairs every round of a tournament; returns ``{"system", "edition", "rounds", "differences"}``.

    With ``"edition_notice"`` as :func:`pair` when the default edition applied for want of a choice.
    """,
)


def generate(
    system: str = "dutch",
    edition: Edition = None,
    config: str = "",
    seed: int = 1,
) -> str:
    """Generates a random tournament paired by the system; returns TRF text.

    ``config`` holds the generator's ``key=value`` lines (PlayersNumber=, RoundsNumber=, ...); with
    ``system="team"`` the team generator's (PlayersNumber= the teams, TeamSize=, TeamColours=, ...).
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


def overview(
    tournament: Tournament,
    system: str = "dutch",
    edition: Edition = None,
    team_colours: Optional[str] = None,
    team_score: Optional[str] = None,
) -> Dict[str, Any]:
    """The standings and state of a tournament: ``{"system", "edition", "rounds_played",
    "total_rounds", "next_round", "finished", "standings", "warnings"}``; each standing has ``rank``,
    ``start_number``, ``name``, ``rating``, ``points``, ``rounds`` (opponent, colour, result) and
    ``next`` (the bye announced for the round to be paired). Of a team tournament, ``standings`` is
    empty and ``teams`` lists the teams by rank: ``rank``, ``tpn``, ``name``, ``members``,
    ``match_points``, ``game_points``, ``rounds`` (kind, opponent, colour, match and game points),
    ``absent_next``, ``next`` (the bye announced), ``roster`` (the members' starting numbers) and
    ``encounters`` (the crosstable's matches)."""
    return _request("overview", tournament, system, edition, False, team_colours, team_score)


def explain(
    tournament: Tournament,
    system: str = "dutch",
    edition: Edition = None,
    maxi: bool = False,
) -> Dict[str, Any]:
    """Pairs the next round and explains it: ``{"round", "text", "explanation"}`` (``text`` as
    ``--explain`` writes it, ``explanation`` as ``--explain --format json``)."""
    return _request("explain", tournament, system, edition, maxi)


def why(
    tournament: Tournament,
    player: int,
    other: Optional[int] = None,
    system: str = "dutch",
    edition: Edition = None,
    maxi: bool = False,
) -> str:
    """Why the next round gives ``player`` his opponent, colour or bye (``--why N``), or, with
    ``other``, why the two are not paired (``--why N,M``)."""
    return _swisspair.why(_bytes(tournament), player, other, system, _edition(edition), maxi)


def checklist(
    tournament: Tournament,
    system: str = "dutch",
    edition: Edition = None,
    maxi: bool = False,
) -> Dict[str, Any]:
    """The checklist of the round to be paired (``-l``) as data: ``{"round", "columns", "rows":
    [{"group", "cells"}], "text", ...}``."""
    return _request("checklist", tournament, system, edition, maxi)


def announce(tournament: Tournament, player: int, kind: Optional[str] = None) -> str:
    """Announces a bye for the round to be paired (``kind``: "H", "F", "Z"; None withdraws it);
    returns the tournament as a JSON document."""
    return _swisspair.announce(_bytes(tournament), player, kind)


def add_round(tournament: Tournament, pairing: Dict[str, Any], results: list) -> str:
    """Records the round ``pairing`` (as :func:`pair` returns it) with one result a board ("1-0",
    "½-½", "0-1", "+-", "-+", "--"); returns the tournament as a JSON document."""
    return _swisspair.add_round(_bytes(tournament), _json.dumps(pairing), [str(r) for r in results])


def add_team_round(
    tournament: Tournament, pairing: Dict[str, Any], results: list, lineups: Optional[list] = None
) -> str:
    """Records the round ``pairing`` of a team tournament (as :func:`pair` returns it: a board is a
    match) with, per match, a list of one result a board from the white team's side. ``lineups``: None
    (each team's first members play the boards) or per match None or ``{"white": [...], "black":
    [...]}``, each team's members' starting numbers board 1 first, in the roster's order (a team left
    out fields its first members). Returns the tournament as a JSON document."""
    return _swisspair.add_team_round(
        _bytes(tournament),
        _json.dumps(pairing),
        [[str(r) for r in match] for match in results],
        None if lineups is None else _json.dumps(lineups),
    )


def from_list(text: str, rounds: int, initial_white: bool = True) -> str:
    """A tournament from a list of players, one a line: name, rating, federation (separated by
    commas, semicolons or tabs); returns it as a JSON document."""
    return _swisspair.from_list(text, rounds, initial_white)


def write(
    tournament: Tournament,
    format: str,
    system: str = "dutch",
    edition: Edition = None,
) -> str:
    """Writes a tournament as "trf16", "trf2026" or "json" (for TRF-2026 the system and edition give
    the system record, 192)."""
    return _swisspair.write(_bytes(tournament), format, system, _edition(edition))
