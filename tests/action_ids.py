"""The shape of an action id in a text a person reads: none should ever be there."""

from __future__ import annotations

import re

# Dog ("5.p2.5", "X.asA.p1.out", "J.p1.s1p3"), Dobbelduel ("try.3.5.x.1", "solve.1.2.3.4")
# and the phases around them ("give.T", "place.p2").
ACTION_ID = re.compile(
    r"\b[0-9AJQKXTPCM]{1,2}(?:\.as[0-9A-Z])?\.(?:p\d|s\d)|\b(?:try|solve)\.[0-9x]"
    r"|\bgive\.[0-9A-Z]|\bplace\.p\d"
)
