"""Sphinx settings of the documentation site (built by ``docs/build.py``, from a staging folder).

The staging folder is laid out as the checkout: the pages in ``docs/``, the lessons in
``notebooks/``, the rules beside them; the home page is ``docs/index``.
"""

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

root_doc = "docs/index"
exclude_patterns = ["_build", "_root"]
html_theme = "furo"
html_title = "pianitsa101"
html_favicon = "docs/_static/favicon.svg"
html_static_path = ["docs/_static"]
html_extra_path = ["_root"]  # index.html at the site's root, which leads to docs/index.html
html_css_files = ["site.css"]
html_show_sourcelink = False
html_copy_source = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
suppress_warnings = ["myst.header"]  # a lesson may skip a heading level in its markdown
