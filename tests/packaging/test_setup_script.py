"""scripts/setup: a wrong Python is refused in one line; a venv that is set up costs nothing.

Every case here uses a venv in a temporary folder (--venv) or stops before touching any venv,
so the checkout's .venv is never changed by these tests.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUP = ROOT / "scripts" / "setup"


def _setup(*args: str, python: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHON"}
    if python is not None:
        env["PYTHON"] = python
    env["PIP_NO_INDEX"] = "1"  # no case here may reach a package index
    return subprocess.run(
        ["bash", str(SETUP), *args], env=env, capture_output=True, text=True, timeout=60
    )


def _fake_python(folder: Path, version: str, venv_output: str = "") -> Path:
    """A 'python' that reports `version` and fails `-m venv` with `venv_output`."""
    path = folder / f"python{version}"
    path.write_text(
        "#!/bin/sh\n"
        f'case "$1" in -c) echo {version} ;; *) echo "{venv_output}"; exit 1 ;; esac\n'
    )
    path.chmod(0o755)
    return path


def test_an_old_python_is_refused_in_one_line_that_says_how_to_choose(tmp_path: Path) -> None:
    old = _fake_python(tmp_path, "3.10")
    done = _setup("run", "--venv", str(tmp_path / "venv"), python=str(old))
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert "Python 3.10" in line and str(old) in line
    assert "3.11 or newer" in line and "PYTHON=python3.12 scripts/run" in line
    assert not (tmp_path / "venv").exists()


def test_a_missing_python_is_named(tmp_path: Path) -> None:
    done = _setup("run", "--venv", str(tmp_path / "venv"), python="python3.99-nowhere")
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert "'python3.99-nowhere' was not found" in line and "3.11 or newer" in line


def test_without_ensurepip_the_line_says_to_install_python3_venv(tmp_path: Path) -> None:
    debian = _fake_python(
        tmp_path, "3.11", "The virtual environment was not created successfully because "
        "ensurepip is not available. On Debian/Ubuntu systems, you need to install ..."
    )
    done = _setup("run", "--venv", str(tmp_path / "venv"), python=str(debian))
    assert done.returncode == 1
    assert "Setting up" in done.stderr.splitlines()[0]
    last = done.stderr.splitlines()[-1]
    assert "venv/ensurepip is missing" in last and "sudo apt install python3-venv" in last
    assert not (tmp_path / "venv").exists()


def _ready_venv(folder: Path, mode: str) -> Path:
    """A venv whose stamp says it is set up for this checkout (its python: this one)."""
    venv = folder / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text(f"home = {Path(sys.executable).parent}\n")
    (venv / "bin" / "python").symlink_to(sys.executable)
    files = [ROOT / "pyproject.toml", ROOT / "requirements" / "lock.txt", SETUP]
    digest = hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()
    (venv / ".setup-stamp").write_text(f"{digest} {mode}\n")
    return venv


def test_a_set_up_venv_is_used_at_once_silently_and_offline(tmp_path: Path) -> None:
    venv = _ready_venv(tmp_path, "test")
    began = time.monotonic()
    for mode in ("run", "test"):
        done = _setup(mode, "--venv", str(venv))
        assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert time.monotonic() - began < 2  # two calls; about 0.05 s each here
    assert not (venv / "setup.log").exists()  # pip never ran


def test_a_venv_of_another_python_version_is_rebuilt(tmp_path: Path) -> None:
    venv = _ready_venv(tmp_path, "test")
    other = _fake_python(tmp_path, "3.13", "cannot make venvs")
    done = _setup("run", "--venv", str(venv), python=str(other))
    assert done.returncode == 1
    first = done.stderr.splitlines()[0]
    assert first.startswith(f"Rebuilding {venv} with Python 3.13")
    assert f"made with Python {sys.version_info[0]}.{sys.version_info[1]}" in first
    assert not venv.exists()  # thrown away (this fake python then fails to make a new one)
