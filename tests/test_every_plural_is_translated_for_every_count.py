"""Every text with a plural (`ngettext`), of every package, read in Dutch and French for the
counts 0, 1, 2, 5 and 21: each gives the form its catalog holds for that count by the file's
own plural rule (French: one form for 0 and 1, the other from 2 up), never the English, with
the placeholders of the English text intact."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from games import catalogs, i18n

COUNTS = (0, 1, 2, 5, 21)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize("language", catalogs.TRANSLATED)
@pytest.mark.parametrize("package", catalogs.packages(), ids=lambda path: path.name)
def test_every_plural_reads_translated_for_every_count(package: Path, language: str) -> None:
    i18n.add_catalogs(package / "locale")  # the bot's (the games' are found alone)
    catalog = catalogs.read(package, language)
    rule = gettext.c2py(catalog.plural_expr)
    plurals = [m for m in catalog if isinstance(m.id, tuple) and m.id[0]]
    assert plurals, f"{package.name}: no plural text in {language}.po"
    wrong = []
    with i18n.speaking(language):
        for message in plurals:
            singular, plural = message.id
            for n in COUNTS:
                if message.context:
                    said = i18n.npgettext(message.context, singular, plural, n)
                else:
                    said = i18n.ngettext(singular, plural, n)
                expected = message.string[rule(n)]
                if language == "fr":  # its typography, applied at lookup
                    expected = i18n.french_typography(expected)
                if str(said) != expected:
                    wrong.append(f"{n}: {singular!r} reads {said!r}, not {expected!r}")
                if set(PLACEHOLDER.findall(said)) != set(PLACEHOLDER.findall(plural)):
                    wrong.append(f"{n}: {singular!r} reads {said!r}: placeholders changed")
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong[:20])
