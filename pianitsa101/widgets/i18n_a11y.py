"""The tables' words for screen readers and the keyboard, in English and Russian.

Names of the card rows, and the sentences the live region reads out after the bots' moves, a trick
or a simulation. ``i18n.TEXTS`` takes them in with one line, as it does the 101 table's texts.
"""

from __future__ import annotations

__all__ = ["TEXTS_A11Y"]

TEXTS_A11Y: dict[str, dict[str, str | tuple[str, ...]]] = {
    "a11y_hand": {
        "en": "Your hand: arrow keys move between the cards, Enter plays the card",
        "ru": "Ваши карты: стрелки переходят от карты к карте, Enter ходит картой",
    },
    "a11y_suits": {
        "en": "Choose a suit: arrow keys, then Enter",
        "ru": "Выберите масть: стрелки, затем Enter",
    },
    "a11y_stacks": {
        "en": "The players' stacks: arrow keys move between them, Enter turns the next trick",
        "ru": "Кучи игроков: стрелки переходят от кучи к куче, Enter открывает следующую взятку",
    },
    "a11y_your_move": {"en": "Your move.", "ru": "Ваш ход."},
    "a11y_log": {"en": "Log of the game, newest first", "ru": "Журнал игры, последнее сверху"},
    "a11y_play": {"en": "Autoplay: start", "ru": "Автоигра: пуск"},
    "a11y_pause": {"en": "Autoplay: pause", "ru": "Автоигра: пауза"},
    "a11y_stop": {"en": "Autoplay: stop", "ru": "Автоигра: стоп"},
    "a11y_repeat": {"en": "Autoplay: repeat", "ru": "Автоигра: повтор"},
}
