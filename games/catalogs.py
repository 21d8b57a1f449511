"""The message catalogs kept in step with the code (Babel's extraction), and their coverage.

Each package that has a `locale/` folder owns the texts of its own modules (the `games`
package those of `games/*.py`, each game its own, the bot its own): one `<language>.po` per
language there. `scripts/catalogs` runs `update` (new texts come in untranslated, texts no
longer in the code go) and prints `coverage`; the tests fail on anything `problems` finds.
A development tool: the running bot only reads the `.po` files (games.i18n).
"""

from __future__ import annotations

import fcntl
import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from games.i18n import KEYWORDS, LANGUAGES, SOURCE, catalog_dirs

COMMAND = "command"  # the context of commands' and options' names (games.i18n.command)

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in LANGUAGES if language != SOURCE]
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_ENCODING = "utf-8"


def packages() -> list[Path]:
    """The folders that own catalogs: every `games` package with a `locale/`, and the bot."""
    return sorted({folder.parent for folder in [*catalog_dirs(), ROOT / "bot" / "locale"]})


def sources(package: Path) -> Iterator[Path]:
    """The package's modules, without those of a package inside it that has catalogs of its own."""
    owners = [other for other in packages() if other != package and package in other.parents]
    for path in sorted(package.rglob("*.py")):
        if not any(owner in path.parents for owner in owners):
            yield path


def template(package: Path) -> Catalog:
    """Every text marked in the package's code."""
    catalog = Catalog(fuzzy=False)
    for path in sources(package):
        for line, message, comments, context in extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True
        ):
            where = (str(path.relative_to(ROOT)), line)
            catalog.add(message, locations=[where], auto_comments=comments, context=context)
    for name, where in command_names(package):
        catalog.add(name, locations=[where], context=COMMAND, auto_comments=[
            "The name of a slash command or option (Discord: lower case, no spaces, at most "
            "32 characters)."])
    return catalog


def command_names(package: Path) -> Iterator[tuple[str, tuple[str, int]]]:
    """A game's option, form and field names: identifiers in its code, names a person types
    in Discord, so they are translated under the context "command" (games.i18n.command)
    without each game marking them."""
    from games.registry import all_games

    for game in all_games().values():
        module = sys.modules[type(game).__module__]
        if package not in Path(str(module.__file__)).parents or package == ROOT / "games":
            continue
        where = (str(Path(str(module.__file__)).relative_to(ROOT)), 0)
        for option in game.options:
            yield option.name, where
        for form in game.forms:
            yield form.kind, where
            for field in form.fields:
                yield field.name, where


def read(package: Path, language: str) -> Catalog:
    path = package / "locale" / f"{language}.po"
    if not path.exists():
        return Catalog(locale=language, project="gametable", fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=language)


@contextmanager
def _locked(package: Path) -> Iterator[None]:
    """One writer of a package's catalogs at a time (two people updating the same files)."""
    (package / "locale").mkdir(exist_ok=True)
    with (package / "locale" / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def update(package: Path, translations: Path | None = None) -> None:
    """Bring each language's file in step with the code, keeping every translation made, and
    fill in those of `translations`: a JSON list of {"id", "context"?, "plural"?, "nl", "fr"},
    a plural's translations as lists (a way to write many at once, from a file of one's own)."""
    given = json.loads(translations.read_text(encoding=_ENCODING)) if translations else []
    with _locked(package):
        found = template(package)
        for language in TRANSLATED:
            catalog = read(package, language)
            catalog.update(found, no_fuzzy_matching=True, update_creation_date=False)
            catalog.obsolete.clear()
            for entry in given:
                key = (entry["id"], entry["plural"]) if entry.get("plural") else entry["id"]
                message = catalog.get(key if isinstance(key, str) else key[0],
                                      entry.get("context"))
                if message is None or language not in entry:
                    continue
                text = entry[language]
                message.string = tuple(text) if isinstance(text, list) else text
                message.flags.discard("fuzzy")
            with (package / "locale" / f"{language}.po").open("wb") as file:
                write_po(file, catalog, width=100, sort_output=True, include_lineno=False)


@dataclass
class Problem:
    package: str
    language: str
    message: str
    why: str

    def __str__(self) -> str:
        return f"{self.package} {self.language}: {self.message!r}: {self.why}"


def problems(package: Path) -> list[Problem]:
    """Each text of the code with no translation, or whose translation would break when
    formatted (a placeholder it lacks or adds), in each language; and any file not in step."""
    found = template(package)
    name = str(package.relative_to(ROOT))
    out = []
    for language in TRANSLATED:
        catalog = read(package, language)
        for message in found:
            if not message.id:
                continue
            saved = catalog.get(message.id, message.context)
            if saved is None or saved.fuzzy or not _complete(saved.string):
                out.append(Problem(name, language, _first(message.id), "not translated"))
                continue
            why = _placeholders_differ(message, saved)
            if why:
                out.append(Problem(name, language, _first(message.id), why))
    return out


def coverage(package: Path, language: str) -> tuple[int, int]:
    """(translated, texts) for one package and language."""
    found = [message for message in template(package) if message.id]
    catalog = read(package, language)
    done = 0
    for message in found:
        saved = catalog.get(message.id, message.context)
        if saved is not None and not saved.fuzzy and _complete(saved.string):
            done += 1
    return done, len(found)


def conflicts() -> list[str]:
    """The same text translated differently in two packages: the merged catalog keeps one,
    so the other package would read the wrong words. Give one of them a context."""
    out = []
    for language in TRANSLATED:
        seen: dict[tuple[str, str | None], tuple[str, object]] = {}
        for package in packages():
            for message in read(package, language):
                if not message.id or not _complete(message.string):
                    continue
                key = (_first(message.id), message.context)
                if key in seen and seen[key][1] != message.string:
                    out.append(f"{language}: {key[0]!r} in {seen[key][0]} and {package.name}")
                seen.setdefault(key, (package.name, message.string))
    return out


def _first(message_id: str | tuple[str, ...]) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


def _complete(string: str | tuple[str, ...]) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def _placeholders_differ(message: Message, saved: Message) -> str:
    originals = message.id if isinstance(message.id, tuple) else (message.id,)
    allowed = set().union(*(_PLACEHOLDER.findall(text) for text in originals))
    forms = saved.string if isinstance(saved.string, tuple) else (saved.string,)
    for form in forms:
        placeholders = set(_PLACEHOLDER.findall(form))
        if not placeholders <= allowed:
            return f"the translation has {sorted(placeholders - allowed)}, the text has not"
        if len(originals) == 1 and placeholders != allowed:
            return f"the translation lacks {sorted(allowed - placeholders)}"
    return ""


def report() -> str:
    """The coverage per package and language, and in all."""
    lines = []
    totals = {language: [0, 0] for language in TRANSLATED}
    for package in packages():
        cells = []
        for language in TRANSLATED:
            done, count = coverage(package, language)
            totals[language][0] += done
            totals[language][1] += count
            cells.append(f"{language} {done}/{count}")
        lines.append(f"{str(package.relative_to(ROOT)):24} " + "  ".join(cells))
    cells = [f"{language} {done}/{count} ({100 * done / max(count, 1):.1f}%)"
             for language, (done, count) in totals.items()]
    lines.append(f"{'all':24} " + "  ".join(cells))
    return "\n".join(lines)


if __name__ == "__main__":  # scripts/catalogs
    import sys

    args = sys.argv[1:]
    given = Path(args[args.index("--fill") + 1]).resolve() if "--fill" in args else None
    chosen = [ROOT / arg for i, arg in enumerate(args)
              if not arg.startswith("--") and not (i and args[i - 1] == "--fill")]
    if "--check" not in args:
        for each in chosen or packages():
            update(each, given)
    print(report())
    found = [str(p) for package in packages() for p in problems(package)] + conflicts()
    print("\n".join(found[:200]))
    sys.exit(1 if found and "--check" in sys.argv else 0)
