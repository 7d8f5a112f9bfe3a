"""Card art (pianitsa101.cardart): every card draws as well-formed SVG that looks like a card."""

import xml.etree.ElementTree as ET

import pytest

from pianitsa101 import Card, cards, make_deck
from pianitsa101.cardart import BACK_COLOR, BLACK, RED, SIZES, STATES, back_svg, card_svg, fan_svg, stack_svg

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_every_card_of_every_deck_is_well_formed_svg_in_every_state():
    for card in make_deck(52):
        for state in STATES:
            root = parsed(card_svg(card, "small", state))
            assert root.tag == SVG + "svg"
            assert root.find(SVG + "title").text == str(card)  # the hover text names the card


def test_pips_follow_the_rank_like_a_real_card():
    paths = {c: parsed(card_svg(c)).iter(SVG + "path") for c in cards("2♠ 6♥ 10♦ A♣ K♠")}
    counts = {str(c): len(list(p)) for c, p in paths.items()}
    # number cards: one pip per point plus the two corner suits; ace: one big pip; court: two pips
    assert counts == {"2♠": 4, "6♥": 8, "10♦": 12, "A♣": 3, "K♠": 4}


def test_red_suits_are_red_and_black_suits_black():
    for card in make_deck(36):
        svg = card_svg(card)
        assert (RED in svg) == card.is_red and (BLACK in svg) != card.is_red


def test_court_cards_show_a_large_letter_english_or_russian():
    def letters(svg):
        return [t.text for t in parsed(svg).iter(SVG + "text")]

    assert letters(card_svg(Card.parse("Q♥"))) == ["Q", "Q", "Q"]  # two corners and the centre
    assert letters(card_svg(Card.parse("Q♥"), letters="ru")) == ["Д", "Д", "Д"]
    assert letters(card_svg(Card.parse("A♠"), letters="ru"))[0] == "Т"
    assert "10" in letters(card_svg(Card.parse("10♣")))


def test_a_card_face_down_does_not_tell_what_it_is():
    svg = card_svg(Card.parse("K♠"), face_down=True)
    assert "K" not in [t.text for t in parsed(svg).iter(SVG + "text")]
    assert BACK_COLOR in svg and "K♠" not in svg
    assert back_svg() == card_svg(None)


def test_states_are_drawn_differently():
    faces = {state: card_svg(Card.parse("9♦"), state=state) for state in STATES}
    assert len(set(faces.values())) == len(STATES)


@pytest.mark.parametrize("name", sorted(SIZES))
def test_size_sets_the_width_in_pixels_and_keeps_the_card_shape(name):
    root = parsed(card_svg(Card.parse("7♣"), name))
    assert float(root.get("width")) == SIZES[name]
    assert float(root.get("height")) == round(SIZES[name] * 1.4)


def test_bad_size_or_state_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="projector"):
        card_svg(Card.parse("7♣"), "huge")
    with pytest.raises(ValueError, match="16 to 400"):
        card_svg(Card.parse("7♣"), 3)
    with pytest.raises(ValueError, match="tied"):
        card_svg(Card.parse("7♣"), state="shiny")


def test_a_stack_shows_its_count_and_an_empty_place_when_out():
    texts = [t.text for t in parsed(stack_svg(16)).iter(SVG + "text")]
    assert texts == ["16"]
    assert "stroke-dasharray" in stack_svg(0) and BACK_COLOR not in stack_svg(0)
    assert float(parsed(stack_svg(30)).get("width")) > float(parsed(stack_svg(1)).get("width"))  # depth


def test_a_fan_overlaps_the_cards_in_order():
    fan = parsed(fan_svg([(c, "normal") for c in cards("6♠ 7♥ 8♦")] + [(None, "normal")], "small"))
    inner = fan.findall(SVG + "svg")
    assert [float(s.get("x")) for s in inner] == sorted(float(s.get("x")) for s in inner)
    assert len(inner) == 4 and fan.find(SVG + "title").text == "6♠ 7♥ 8♦ ▮"
    assert float(fan.get("width")) < 4 * SIZES["small"]  # overlapping, narrower than side by side


def test_card_repr_html_and_card_lists_use_the_card_art():
    card = Card.parse("J♦")
    assert "<svg" in card._repr_html_() and card_svg(card, "small") in card._repr_html_()
    assert cards("6♠ A♥")._repr_html_().count("<svg") == 2
