"""Puts this directory on sys.path, so the tests import lm_support in any pytest import mode.

(`--import-mode=importlib` does not add test directories to sys.path; `prepend` does.)
"""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
