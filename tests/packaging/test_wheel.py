"""The wheel a host builds (`pip install .`) carries the fonts, and code run from it uses them.

The wheel is built offline, with the venv's own setuptools, from a copy of the checkout: the
build's `build/` and `*.egg-info` folders land in the temporary copy, never in the checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FONTS = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"]
# Top-level entries of the checkout that are not sources: venvs, data, build output.
NOT_SOURCES = {"build", "dist", "data", "out"}
NEVER_COPIED = ("__pycache__", "*.pyc", "*.egg-info")


def _ignore(folder: str, names: list[str]) -> set[str]:
    ignored = set(shutil.ignore_patterns(*NEVER_COPIED)(folder, names))
    if Path(folder) == ROOT:  # .git, .venv, .venv-min, .env, caches
        ignored |= {n for n in names if n.startswith(".") or n in NOT_SOURCES}
    return ignored


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "checkout"
    shutil.copytree(ROOT, source, ignore=_ignore)
    before = _build_output(ROOT)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "--disable-pip-version-check", "-q", "-w", str(work / "dist"), str(source)],
        capture_output=True, text=True, timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert _build_output(ROOT) == before, "the build wrote into the checkout"
    assert (source / "build").is_dir()  # ...and into the copy, as setuptools does
    (path,) = (work / "dist").glob("gametable-*.whl")
    return path


def _build_output(folder: Path) -> set[str]:
    names = {p.name for p in folder.iterdir()}
    return {n for n in names if n in ("build", "dist") or n.endswith(".egg-info")}


def test_the_wheel_holds_the_fonts_and_the_migrations_but_no_tests(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in FONTS:
        assert f"games/fonts/{name}" in names
    assert "bot/store/migrations/0001_sessions.sql" in names
    assert "bot/store/migrations/0009_clocks.sql" in names  # one set, for both databases
    assert "games/dog/locale/nl.po" in names and "bot/locale/fr.po" in names  # the catalogs
    assert "bot/store/postgresql.py" in names
    assert "games/drawing.py" in names and "bot/__main__.py" in names
    assert not [n for n in names if n.split("/")[0] in ("tests", "bench", "assets", "scripts")]


def test_code_from_the_unpacked_wheel_draws_with_its_own_dejavu(
    wheel: Path, tmp_path: Path
) -> None:
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = (
        "import json, games.drawing as d\n"
        "f = d.font(20, bold=True)\n"
        "print(json.dumps({'module': d.__file__, 'font': f.path, 'name': list(f.getname())}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=elsewhere, env=env, capture_output=True, text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert Path(seen["module"]).resolve() == (unpacked / "games" / "drawing.py").resolve()
    assert Path(seen["font"]).resolve() == (unpacked / "games/fonts/DejaVuSans-Bold.ttf").resolve()
    assert seen["name"] == ["DejaVu Sans", "Bold"]
