"""The package metadata in the form current setuptools reads without a warning."""

from __future__ import annotations

import re
from pathlib import Path

PYPROJECT = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")


def test_licence_is_an_spdx_expression_without_a_licence_classifier():
    # PEP 639: `license = "MIT"`; a licence table or a "License ::" classifier makes setuptools warn.
    assert re.search(r'^license = "MIT"$', PYPROJECT, re.MULTILINE)
    assert "License ::" not in PYPROJECT
    floor = re.search(r'requires = \["setuptools>=(\d+)', PYPROJECT)
    assert floor and int(floor.group(1)) >= 77  # the first setuptools that reads an SPDX licence string
