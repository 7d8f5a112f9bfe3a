"""Every text of the tables exists in English and Russian, with the same fields (i18n)."""

import re
import string

import pytest

from pianitsa101.widgets.i18n import LANGS, RULES, TEXTS, check_lang, plural_form, rule_text, tr

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def fields(text) -> set[str]:
    forms = text if isinstance(text, tuple) else (text,)
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_key_has_both_languages_with_the_same_fields(key):
    texts = TEXTS[key]
    assert set(texts) == set(LANGS)
    assert fields(texts["en"]) == fields(texts["ru"])
    if isinstance(texts["en"], tuple) and key != "ordinals":  # plural forms: one/other, one/few/many
        assert len(texts["en"]) == 2 and len(texts["ru"]) == 3
    ru = texts["ru"] if isinstance(texts["ru"], str) else " ".join(texts["ru"])
    words = re.sub(r"\{[^}]*\}|max_tricks", "", ru)  # the Russian text has no English words left
    assert CYRILLIC.search(words) or not re.search("[a-z]{3}", words), key


def test_every_rule_line_has_both_languages():
    for rule, texts in RULES.items():
        assert set(texts) == set(LANGS) and CYRILLIC.search(texts["ru"]) and texts["en"]
        assert rule_text(rule, "ru") == texts["ru"]


def test_russian_plurals():
    assert [plural_form(n, "ru") for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111)] == [
        0,
        1,
        1,
        2,
        2,
        2,
        0,
        1,
        2,
        0,
        2,
    ]
    assert tr("n_cards", "ru", n=21) == "21 карта" and tr("n_cards", "ru", n=14) == "14 карт"
    assert tr("n_cards", "en", n=1) == "1 card" and tr("n_cards", "en", n=0) == "0 cards"


def test_the_games_own_words_in_russian():
    assert "спор" in tr("round_dispute", "ru", i=1)
    assert "залог" in tr("dispute_face_down", "ru")
    assert "взятка" in tr("next_trick", "ru").lower()  # a Пьяница trick; «кон» is a round of 101
    assert tr("btn_next_round", "ru") == "Следующий кон" != tr("next_trick", "ru")  # two units, two words
    assert "пьяница" in tr("the_drunkard", "ru")
    assert tr("deck", "ru") == "колода"


def test_table_numbers_are_written_the_russian_way():
    en = tr("hint_value", "en", value="51.1%", stderr="0.7%", playouts="1,200", thumb="")
    ru = tr("hint_value", "ru", value="51.1%", stderr="0.7%", playouts="1,200", thumb="")
    assert "51.1% ± 0.7%" in en and "1,200" in en
    assert "51,1\u00a0% ± 0,7\u00a0%" in ru and "1\u00a0200" in ru and "доигрывани" in ru


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="'en', 'ru'"):
        check_lang("fr")
