"""Sphinx settings of the documentation site (built by ``docs/build.py``, from a staging folder)."""

from __future__ import annotations

project = "pianitsa101"
author = "pianitsa101 developers"
copyright = "pianitsa101 developers, MIT licence"

extensions = [
    "myst_nb",  # Markdown pages and the lessons' notebooks, with their stored outputs
    "sphinx.ext.autodoc",  # the API reference from the docstrings
    "sphinx-mathjax-offline",  # the lessons' formulas, with MathJax served from the site itself
]

nb_execution_mode = "off"  # show the outputs stored in the lessons; run nothing
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "dollarmath", "html_image"]
myst_heading_anchors = 3  # "#publish-the-browser-site" links to a section by its title

exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "pianitsa101"
html_favicon = "_static/favicon.svg"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_show_sourcelink = False
html_copy_source = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
suppress_warnings = ["myst.header"]  # a lesson may skip a heading level in its markdown
