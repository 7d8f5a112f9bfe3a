"""Every label and log line of the tables, in English and Russian, in one place.

``tr(key, lang, **values)`` fills in a text; a text with a count (``n=``) has plural forms
(English: one, other; Russian: one, few, many: 1 карта, 2 карты, 5 карт). Add a key to
``TEXTS`` with both languages (a test checks every key has both and the same fields).
The rule one-liners (``rule_text("P8", lang)``) are shown on hover over the small rule ids.

>>> tr("seat", "en", seat=2), tr("seat", "ru", seat=2)
('seat 2', 'место 2')
>>> tr("n_cards", "ru", n=1), tr("n_cards", "ru", n=3), tr("n_cards", "ru", n=11)
('1 карта', '3 карты', '11 карт')
"""

from __future__ import annotations

import re

from pianitsa101.i18n import russian_number

__all__ = ["LANGS", "RULES", "TEXTS", "check_lang", "join_words", "ordinal", "plural_form", "rule_text", "tr"]

LANGS = ("en", "ru")

Text = str | tuple[str, ...]

TEXTS: dict[str, dict[str, Text]] = {
    # ----- words used everywhere ---------------------------------------------------------
    "seat": {"en": "seat {seat}", "ru": "место {seat}"},
    "Seat": {"en": "Seat {seat}", "ru": "Место {seat}"},
    "seats": {"en": "seats {seats}", "ru": "места {seats}"},
    "and": {"en": "and", "ru": "и"},
    "n_cards": {"en": ("{n} card", "{n} cards"), "ru": ("{n} карта", "{n} карты", "{n} карт")},
    "n_tricks": {"en": ("{n} trick", "{n} tricks"), "ru": ("{n} взятка", "{n} взятки", "{n} взяток")},
    "n_players": {"en": ("{n} player", "{n} players"), "ru": ("{n} игрок", "{n} игрока", "{n} игроков")},
    "n_games": {"en": ("{n} game", "{n} games"), "ru": ("{n} партия", "{n} партии", "{n} партий")},
    "face_down": {"en": "face down", "ru": "рубашкой вверх"},
    "stack_title": {"en": "{seat}: {cards} face down", "ru": "{seat}: {cards} рубашкой вверх"},
    "error": {"en": "Not done: {error}", "ru": "Не сделано: {error}"},
    # ----- Пьяница table: controls ----------------------------------------------------------
    "pianitsa": {"en": "Пьяница (Drunkard)", "ru": "Пьяница"},
    "players": {"en": "players", "ru": "игроки"},
    "deck": {"en": "deck", "ru": "колода"},
    "deck_default": {"en": "by the rules (P1)", "ru": "по правилам (P1)"},
    "deck_n": {"en": ("{n} card", "{n} cards"), "ru": ("{n} карта", "{n} карты", "{n} карт")},
    "seed": {"en": "seed", "ru": "номер раздачи"},
    "low_beats_ace": {"en": "the lowest card beats the ace (P5)", "ru": "младшая карта бьёт туза (P5)"},
    "dispute_face_down": {"en": "stake cards (P8)", "ru": "карт в залог (P8)"},
    "gather": {"en": "gathering (P9)", "ru": "сбор карт (P9)"},
    "gather_winner_first": {"en": "taker's cards first", "ru": "сначала свои карты"},
    "gather_table": {"en": "in table order", "ru": "в порядке на столе"},
    "gather_random": {"en": "shuffled", "ru": "вперемешку"},
    "second_disputes": {"en": "second disputes (P10)", "ru": "вторые споры (P10)"},
    "goal": {"en": "goal (P11)", "ru": "цель (P11)"},
    "goal_shed": {"en": "get rid of your cards", "ru": "избавиться от карт"},
    "goal_collect": {"en": "collect every card", "ru": "собрать все карты"},
    "settings": {
        "en": "Deal and rules (apply at the next deal)",
        "ru": "Раздача и правила (со следующей раздачи)",
    },
    "new_deal": {"en": "New deal", "ru": "Новая раздача"},
    "restart": {"en": "Same deal again", "ru": "Та же раздача"},
    "next_trick": {"en": "Next trick", "ru": "Следующая взятка"},
    "play_to_end": {"en": "Play to the end", "ru": "Доиграть до конца"},
    "autoplay": {"en": "autoplay", "ru": "автоигра"},
    "speed": {"en": "tricks/s", "ru": "взяток/с"},
    "trick_slider": {"en": "trick", "ru": "взятка"},
    "click_stack": {
        "en": "Click a stack or “Next trick” to turn the top cards.",
        "ru": "Нажмите на кучу или «Следующая взятка», чтобы открыть верхние карты.",
    },
    # ----- Пьяница table: seats --------------------------------------------------------------
    "in_game": {"en": "in the game", "ru": "в игре"},
    "out_place": {"en": "out: place {place}", "ru": "вышло: {place}-е место"},
    "eliminated": {"en": "out of the game", "ru": "выбыло"},
    "the_drunkard": {"en": "the drunkard", "ru": "пьяница"},
    "the_winner": {"en": "the winner", "ru": "победитель"},
    "place_n": {"en": "place {place}", "ru": "{place}-е место"},
    # ----- Пьяница table: the trick and the dispute view --------------------------------------
    "header": {
        "en": "{players}, {deck}, seed {seed} · trick {shown} of {played}",
        "ru": "{players}, {deck}, раздача № {seed} · взятка {shown} из {played}",
    },
    "header_stacked": {
        "en": "{players}, a stacked deal · trick {shown} of {played}",
        "ru": "{players}, заданная раздача · взятка {shown} из {played}",
    },
    "dealt": {
        "en": "The cards are dealt; nobody looks at them (P2).",
        "ru": "Карты розданы; никто в них не заглядывает (P2).",
    },
    "trick_n": {"en": "Trick {n}", "ru": "Взятка {n}"},
    "round_all": {"en": "everyone turns a card", "ru": "все открывают по карте"},
    "round_dispute": {"en": "dispute {i}", "ru": "спор {i}"},
    "round_second": {"en": "second dispute", "ru": "второй спор"},
    "no_card": {"en": "no card", "ru": "нет карт"},
    "tie": {"en": "{seats} tie with {rank}: a dispute", "ru": "{seats}: равные карты ({rank}), спор"},
    "knocked": {"en": "the {low} knocks out the ace", "ru": "{low} бьёт туза"},
    "joined": {
        "en": "{seat} joins: its {card} from the first round has the rank of the winning {win}",
        "ru": "{seat} вступает в спор: его {card} из первого круга равна выигравшей {win}",
    },
    "ran_out": {
        "en": "seat {seat_n} has no card left and stops taking part",
        "ru": "у места {seat_n} не осталось карт: оно выходит из спора",
    },
    "short_stake": {
        "en": "seat {seat_n} has too few cards: the last one goes face up",
        "ru": "у места {seat_n} мало карт: последняя открывается",
    },
    "nobody_put": {
        "en": "nobody has a card left: the lowest seat still holding cards takes",
        "ru": "ни у кого нет карт: берёт место с меньшим номером, у которого они остались",
    },
    "takes": {"en": "{seat} takes the trick: {cards}", "ru": "{seat} забирает взятку: {cards}"},
    "wins_with": {"en": "{card} wins", "ru": "{card} выигрывает"},
    "gathered": {
        "en": "under the stack of seat {seat_n}, in this order:",
        "ru": "под кучу места {seat_n}, в таком порядке:",
    },
    "draw_trick": {
        "en": "nobody holds cards: nobody can take the table",
        "ru": "ни у кого нет карт: забрать карты со стола некому",
    },
    "leaves": {
        "en": "{seat} has no cards left and leaves the game",
        "ru": "{seat}: карт не осталось, выходит из партии",
    },
    "stakes_title": {"en": "stake (face down)", "ru": "залог (рубашкой вверх)"},
    # ----- Пьяница table: the end ---------------------------------------------------------------
    "end_finished": {"en": "Game over after {tricks}.", "ru": "Партия окончена: {tricks}."},
    "end_place": {"en": "{seat} is {ordinal}", "ru": "{seat} — {ordinal}"},
    "end_shared": {"en": "{seats} share place {place}", "ru": "{seats} делят {place}-е место"},
    "end_drunkard": {"en": "{seat} is the drunkard", "ru": "{seat} — пьяница"},
    "end_collector": {
        "en": "{seat} collected every card and wins",
        "ru": "{seat} собрало все карты и выиграло",
    },
    "end_cycle": {
        "en": "The game goes round in circles (P13): the position after trick {now} is the one "
        "first seen {first}; it would repeat forever.",
        "ru": "Партия зациклилась (P13): позиция после взятки {now} уже была {first}; "
        "она будет повторяться без конца.",
    },
    "after_trick": {"en": "after trick {n}", "ru": "после взятки {n}"},
    "at_the_deal": {"en": "at the deal", "ru": "сразу после раздачи"},
    "end_limit": {
        "en": "Stopped after {tricks} (max_tricks, P13).",
        "ru": "Остановлено после {tricks} (max_tricks, P13).",
    },
    "end_draw": {
        "en": "A draw (P12): nobody holds cards; {cards} stay on the table.",
        "ru": "Ничья (P12): ни у кого нет карт; на столе остаются {cards}.",
    },
    "ordinals": {
        "en": ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"),
        "ru": ("первый", "второй", "третий", "четвёртый", "пятый", "шестой", "седьмой", "восьмой"),
    },
    "log_trick": {"en": "trick {n}: {what}", "ru": "взятка {n}: {what}"},
    "log_deal": {"en": "new deal: {what}", "ru": "новая раздача: {what}"},
    "log_skipped": {
        "en": "tricks {first}–{last}: move the slider to see them",
        "ru": "взятки {first}–{last}: передвиньте ползунок, чтобы их увидеть",
    },
    "log_skipped_one": {
        "en": "trick {first}: move the slider to see it",
        "ru": "взятка {first}: передвиньте ползунок, чтобы её увидеть",
    },
    "log_disputes": {
        "en": ("{n} dispute round", "{n} dispute rounds"),
        "ru": ("{n} круг спора", "{n} круга спора", "{n} кругов спора"),
    },
    # ----- plots ------------------------------------------------------------------------------
    "plot_stacks": {"en": "cards in each stack", "ru": "карт в каждой куче"},
    "plot_trick": {"en": "trick", "ru": "взятка"},
    # ----- simulation panel ---------------------------------------------------------------------
    "sim_title": {"en": "Simulation", "ru": "Моделирование"},
    "sim_game": {"en": "game", "ru": "игра"},
    "sim_games": {"en": "games", "ru": "партий"},
    "sim_run": {"en": "Run", "ru": "Запустить"},
    "sim_compare": {"en": "compare with a second rule set", "ru": "сравнить со вторыми правилами"},
    "sim_rules_a": {"en": "rules A", "ru": "правила A"},
    "sim_rules_b": {"en": "rules B", "ru": "правила B"},
    "sim_running": {"en": "playing {label}: {done} of {total}", "ru": "играем {label}: {done} из {total}"},
    "sim_compiling": {
        "en": "building the compiled simulator for this machine: about a minute, once",
        "ru": "собираем быстрый симулятор для этой машины: около минуты, один раз",
    },
    "sim_done": {"en": "{games} played in {seconds:.1f} s", "ru": "сыграно {games} за {seconds:.1f} с"},
    "sim_pure": {
        "en": "played in pure Python (no compiled simulator here, as in the browser): about 100 times slower",
        "ru": "сыграно на чистом Python (здесь нет скомпилированного симулятора, как в браузере): "
              "примерно в 100 раз медленнее",
    },
    "sim_press_run": {
        "en": "Choose the game and the rules, then press Run.",
        "ru": "Выберите игру и правила и нажмите «Запустить».",
    },
    "sim_estimate": {"en": "estimate", "ru": "оценка"},
    "sim_interval": {"en": "95% interval", "ru": "95-процентный доверительный интервал"},
    "sim_mean_tricks": {"en": "mean length (tricks)", "ru": "средняя длина (взяток)"},
    "sim_mean_disputes": {"en": "mean dispute rounds", "ru": "среднее число кругов спора"},
    "sim_share_cycles": {"en": "share of cycles (P13)", "ru": "доля зацикленных (P13)"},
    "sim_share_draws": {"en": "share of draws (P12)", "ru": "доля ничьих (P12)"},
    "sim_first_loses": {"en": "chance seat 0 is the drunkard", "ru": "вероятность, что место 0 — пьяница"},
    "sim_mean_decisions": {"en": "mean length (moves)", "ru": "средняя длина (ходов)"},
    "sim_first_wins": {"en": "chance seat 0 wins the round", "ru": "вероятность, что место 0 выиграет кон"},
    "sim_abandoned": {"en": "share abandoned (R26)", "ru": "доля прерванных (R26)"},
    "sim_mean_points": {"en": "mean points of seat 0", "ru": "средние очки места 0"},
    "sim_hist": {"en": "game lengths", "ru": "длина партий"},
    "sim_hist_y": {"en": "games", "ru": "партий"},
    "sim_hist_x_tricks": {"en": "tricks", "ru": "взятки"},
    "sim_hist_x_moves": {"en": "moves", "ru": "ходы"},
    "sim_101_bots": {
        "en": "101: rounds between random bots (R2–R21)",
        "ru": "101: коны между случайными ботами (R2–R21)",
    },
    "sim_six": {"en": "six (R9)", "ru": "шестёрка (R9)"},
    "sim_seven_draw": {"en": "a seven: draw (R10)", "ru": "семёрка: взять (R10)"},
    "sim_ace": {"en": "ace (R12)", "ru": "туз (R12)"},
    "sim_queen_wild": {"en": "queen on any card (R14)", "ru": "дама на любую карту (R14)"},
    "sim_chain": {"en": "passing on (R16)", "ru": "перевод (R16)"},
    "sim_draw": {"en": "drawing (R7)", "ru": "добор (R7)"},
    "n_rounds": {"en": ("{n} round", "{n} rounds"), "ru": ("{n} кон", "{n} кона", "{n} конов")},
    "opt_until_playable": {"en": "until a card fits", "ru": "пока не найдётся карта"},
    "opt_one": {"en": "one card", "ru": "одну карту"},
    "opt_cover": {"en": "must be covered", "ru": "надо покрыть"},
    "opt_cover_any": {"en": "covered by any card", "ru": "покрыть любой картой"},
    "opt_draw2_skip": {"en": "next draws 2, skips", "ru": "следующий берёт 2 и пропускает"},
    "opt_draw1_skip": {"en": "next draws 1, skips", "ru": "следующий берёт 1 и пропускает"},
    "opt_skip_unless_ace": {"en": "skip, unless an ace answers", "ru": "пропуск, если не ответить тузом"},
    "opt_skip": {"en": "skip", "ru": "пропуск хода"},
    "opt_double": {"en": "the amount doubles", "ru": "штраф удваивается"},
    "opt_add": {"en": "the amounts add up", "ru": "штрафы складываются"},
    "opt_off": {"en": "not allowed", "ru": "нельзя"},
    "sim_error": {"en": "Could not run: {error}", "ru": "Не удалось запустить: {error}"},
    # ----- the class tournament board (widgets/tournament_board.py, checks/tournament.py) ------
    "tb_title": {"en": "Class tournament", "ru": "Турнир класса"},
    "tb_schedule": {
        "en": "Heads-up round robin on duplicate deals: {entries} entries, {deals} deals per pair (each "
        "played twice, seats swapped), {matches} matches per entry; seed {seed}",
        "ru": "Круговой турнир один на один на одинаковых раздачах: участников {entries}, раздач на пару "
        "{deals} (каждая дважды, места меняются), партий у каждого {matches}; номер раздачи {seed}",
    },
    "tb_place": {"en": "place", "ru": "место"},
    "tb_entry": {"en": "entry", "ru": "участник"},
    "tb_win_rate": {"en": "win rate", "ru": "доля побед"},
    "tb_interval": {"en": "95% interval", "ru": "95-процентный доверительный интервал"},
    "tb_matches": {"en": "matches", "ru": "партии"},
    "tb_wins": {"en": "wins", "ru": "победы"},
    "tb_bot": {"en": "bot", "ru": "бот"},
    "tb_student": {"en": "student", "ru": "ученик"},
    "tb_out_names": {
        "en": "Out of the tournament (all their matches forfeited; the reasons are in the CSV): {names}",
        "ru": "Выбыли из турнира (все их партии засчитаны как поражения; причины в CSV): {names}",
    },
    "tb_chart": {
        "en": "Win rate against the whole field (lines: 95% intervals)",
        "ru": "Доля побед против всех участников (отрезки: 95-процентные доверительные интервалы)",
    },
    "tb_more": {"en": "… and {n} more below place {place} (see the CSV)",
                "ru": "… и ещё {n} ниже {place}-го места (см. CSV)"},
    "tb_out": {"en": "Out of the tournament (all their matches forfeited):",
               "ru": "Выбыли из турнира (все их партии засчитаны как поражения):"},
    "tb_apart": {
        "en": "{first} is ahead of {second}: {diff} (95% interval {low} to {high}).",
        "ru": "{first} опережает {second}: {diff} "
        "(95-процентный доверительный интервал от {low} до {high}).",
    },
    "tb_not_apart": {
        "en": "{first} and {second} are not told apart: {diff} (95% interval {low} to {high}); "
        "a play-off of about {playoff} matches would settle it.",
        "ru": "{first} и {second} пока неразличимы: {diff} "
        "(95-процентный доверительный интервал от {low} до {high}); "
        "решит дополнительная серия примерно из {playoff} партий.",
    },
    "tb_level": {
        "en": "{first} and {second} are level (95% interval {low} to {high}).",
        "ru": "{first} и {second} идут вровень (95-процентный доверительный интервал от {low} до {high}).",
    },
    # ----- a widget's text repr, where it cannot be drawn (a stored notebook output) ------------------
    "repr_pianitsa": {
        "en": "<PianitsaTable: {players} players, showing trick {shown} of {tricks}, {state}; "
        "run the cell in Jupyter to play>",
        "ru": "<PianitsaTable: игроков {players}, показана взятка {shown} из {tricks}, {state}; "
        "запустите ячейку в Jupyter, чтобы играть>",
    },
    "repr_in_play": {"en": "in play", "ru": "партия идёт"},
    "repr_over": {"en": "over ({outcome})", "ru": "партия окончена ({outcome})"},
    "repr_finished": {"en": "over (finished)", "ru": "партия окончена"},
    "repr_table101": {
        "en": "<Table101: {players} players, {who}, match {state}; run the cell in Jupyter to play>",
        "ru": "<Table101: игроков {players}, {who}, партия: {state}; "
        "запустите ячейку в Jupyter, чтобы играть>",
    },
    "repr_watching": {"en": "watching bots", "ru": "играют боты"},
    "repr_you": {"en": "you are seat {seat}", "ru": "вы — место {seat}"},
    "repr_match_over": {"en": "over", "ru": "окончена"},
    "repr_round": {"en": "round {number}", "ru": "кон {number}"},
    "repr_simulation": {
        "en": "<SimulationPanel: {game}; run the cell in Jupyter to use it>",
        "ru": "<SimulationPanel: {game}; запустите ячейку в Jupyter, чтобы пользоваться панелью>",
    },
}

RULES: dict[str, dict[str, str]] = {
    "P1": {
        "en": "Default deck: 2 players 32 cards, 4 players 52; others the first of 36, 52, 32 that divides.",
        "ru": "Колода: на двоих 32 карты, на четверых 52; иначе первая из 36, 52, 32, что делится поровну.",
    },
    "P2": {
        "en": "The whole deck is dealt equally; nobody looks at their face-down stack.",
        "ru": "Вся колода раздаётся поровну; в свои карты никто не заглядывает.",
    },
    "P5": {
        "en": "The lowest rank of the deck beats the ace, and only the ace.",
        "ru": "Младшая карта колоды бьёт туза, и только туза.",
    },
    "P6": {
        "en": "If a low card and an ace are both on the table, every ace is knocked out; the highest "
        "of the rest wins.",
        "ru": "Если на столе младшая карта и туз, все тузы выбывают; из остальных побеждает старшая.",
    },
    "P7": {
        "en": "Everyone turns their top card; the single highest card takes all the cards on the table.",
        "ru": "Все открывают верхнюю карту; единственная старшая забирает все карты со стола.",
    },
    "P8": {
        "en": "Dispute: players tied for the win each put one more card (after any face-down stake); "
        "only those are compared.",
        "ru": "Спор: игроки с равными старшими картами кладут ещё по карте (после залога); "
        "сравниваются только они.",
    },
    "P9": {
        "en": "The taker puts the table's cards under their stack, in the order of the gather option.",
        "ru": "Взявший кладёт карты со стола под свою кучу в порядке, заданном правилом сбора.",
    },
    "P10": {
        "en": "Second dispute: a player not yet in the dispute whose card has the winning rank joins "
        "against the winner.",
        "ru": "Второй спор: игрок, ещё не споривший, у которого карта того же достоинства, что и "
        "выигравшая, вступает в спор.",
    },
    "P11": {
        "en": "A player whose stack is empty leaves (a winner when shedding); the last one is the drunkard.",
        "ru": "Игрок без карт выходит (при «избавиться» — победителем); последний — пьяница.",
    },
    "P12": {
        "en": "A tied player without cards stops disputing; if nobody can put a card, the lowest seat "
        "holding cards takes.",
        "ru": "Игрок без карт выходит из спора; если карт нет ни у кого из спорящих, берёт игрок "
        "с меньшим номером.",
    },
    "P13": {
        "en": "If a position repeats, the game would go on forever: it ends as a cycle.",
        "ru": "Если позиция повторилась, партия шла бы вечно: она заканчивается как зацикленная.",
    },
}


# The 101 table's texts live in their own module (they are many); every key is here all the same.
from pianitsa101.widgets.i18n_101 import RULES_101, TEXTS_101  # noqa: E402

TEXTS.update(TEXTS_101)
from pianitsa101.widgets.i18n_a11y import TEXTS_A11Y  # noqa: E402  (screen readers and the keyboard)

TEXTS.update(TEXTS_A11Y)
RULES.update(RULES_101)


def check_lang(lang: str) -> str:
    """The language, checked to be one of ``LANGS``."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(map(repr, LANGS))}; got {lang!r}")
    return lang


def plural_form(n: int, lang: str) -> int:
    """Which plural form a count takes: English 0 one / 1 other; Russian 0 one / 1 few / 2 many."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def tr(key: str, lang: str = "en", **values: object) -> str:
    """The text ``key`` in ``lang``, filled in with ``values`` (``n`` picks the plural form)."""
    text = TEXTS[key][check_lang(lang)]
    if isinstance(text, tuple):
        text = text[plural_form(values.get("n", 1), lang)] if "n" in values else text[0]
    if lang == "ru":
        values = {k: _russian_figure(v) for k, v in values.items()}
    return text.format(**values)


_FIGURE = re.compile(r"([+-]?)([\d,]*\.?\d+)(%?)")


def _russian_figure(value: object) -> object:
    """A number a table wrote the English way ('51.1%', '+2.3%', '1,000') as Babel writes it in Russian."""
    if not isinstance(value, str):
        return value
    m = _FIGURE.fullmatch(value)
    if not m:
        return value
    sign, digits, pc = m.groups()
    return sign + russian_number(digits) + ("\u00a0%" if pc else "")


def ordinal(index: int, lang: str = "en") -> str:
    """'first', 'second', ... for places 0, 1, ... (Russian: 'первый', ...)."""
    words = TEXTS["ordinals"][check_lang(lang)]
    return words[index] if index < len(words) else str(index + 1)


def join_words(words: list[str], lang: str = "en") -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {tr('and', lang)} " + words[-1]


def rule_text(rule: str, lang: str = "en") -> str:
    """The one-line text of a rule id such as 'P8', for a hover label."""
    return RULES[rule][check_lang(lang)]
