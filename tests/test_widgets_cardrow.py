"""The card row keeps the widget library's own traits (a ``layout`` of its own broke every view)."""

from __future__ import annotations

import ipywidgets as w
import pytest

from pianitsa101.widgets.cardrow import CardRow


def test_card_row_layout_is_the_widget_librarys_layout():
    row = CardRow(arrangement="fan")
    assert isinstance(row.layout, w.Layout)  # the front end unpacks it as a Layout model
    assert row.arrangement == "fan" and CardRow().arrangement == "row"
    state = row.get_state()
    assert state["layout"].startswith("IPY_MODEL_") and state["arrangement"] == "fan"


@pytest.mark.parametrize("name", sorted(w.DOMWidget.class_trait_names(sync=True)))
def test_card_row_redefines_no_trait_of_a_dom_widget(name):
    # same name, same kind of trait: a clash would reach the browser as a value of the wrong type
    assert type(CardRow.class_traits()[name]) is type(w.DOMWidget.class_traits()[name]), name
