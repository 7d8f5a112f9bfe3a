"""Every Russian text of the package keeps to the glossary at the top of ``RULES.ru.md``.

The glossary is a table: a term, the words not to write for it ("не пишем"), its meaning. A word
ending in «…» stands for any ending; a variant with a remark in brackets («кон (в Пьянице)») is
checked by its own test below, since the same word is right elsewhere. The texts checked: the
gettext catalog's Russian, the tables' Russian strings, the Russian lessons and exercises (their
prose without code, and what their cells printed), ``RULES.ru.md`` and ``README.ru.md``.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "RULES.ru.md"
PO = ROOT / "pianitsa101" / "locale" / "ru" / "LC_MESSAGES" / "pianitsa101.po"


def glossary(text: str) -> list[tuple[str, list[str]]]:
    """The glossary's rows: (term, [forbidden variant, ...]), from the first table of ``text``."""
    start = text.index("| термин | не пишем |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        variants = [v.strip() for v in cells[1].split(",") if v.strip() not in ("", "—")]
        rows.append((cells[0], variants))
    return rows


def pattern(variant: str) -> re.Pattern[str] | None:
    """A forbidden variant as a regular expression (None for a variant checked elsewhere)."""
    if "(" in variant:
        return None
    words = [re.escape(w).replace("…", r"\w*") for w in variant.split()]
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + r"(?![\w])", re.IGNORECASE)


def without_glossary(text: str) -> str:
    """``RULES.ru.md`` without the glossary table itself (it names the forbidden words)."""
    start = text.index("| термин | не пишем |")
    end = text.index("\n\n", start)
    return text[:start] + text[end:]


def prose(markdown: str) -> str:
    """Markdown without code: fenced blocks, code spans and formulas."""
    markdown = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    return re.sub(r"`[^`]*`|\$[^$]*\$", " ", markdown)


def notebook_texts(path: Path) -> str:
    """A notebook's prose and the text of its stored outputs."""
    parts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append(prose("".join(cell["source"])))
        for out in cell.get("outputs", []):
            text = out.get("text") or out.get("data", {}).get("text/plain") or ""
            parts.append("".join(text) if isinstance(text, list) else text)
    return "\n".join(parts)


def table_strings(path: Path) -> str:
    """The Russian strings of a table-texts module (every value under a "ru" key)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "ru":
                    found += [n.value for n in ast.walk(value) if isinstance(n, ast.Constant)
                              and isinstance(n.value, str)]
    return "\n".join(found)


def catalog_strings() -> str:
    """Every Russian string of the gettext catalog."""
    found = []
    for m in read_po(PO.open("rb")):
        if m.id:
            found += list(m.string) if isinstance(m.string, tuple) else [m.string]
    return "\n".join(found)


def russian_texts() -> dict[str, str]:
    """Every Russian text the glossary holds, by where it comes from."""
    texts = {"pianitsa101.po": catalog_strings(),
             "RULES.ru.md": prose(without_glossary(RULES.read_text(encoding="utf-8"))),
             "README.ru.md": prose((ROOT / "README.ru.md").read_text(encoding="utf-8")),
             "notebooks/ru/README.md": prose((ROOT / "notebooks/ru/README.md").read_text(encoding="utf-8"))}
    for path in sorted((ROOT / "pianitsa101" / "widgets").glob("i18n*.py")):
        texts[f"widgets/{path.name}"] = table_strings(path)
    for folder in ("notebooks/ru", "exercises/ru", "exercises/ru/solutions", "exercises/source/ru"):
        for path in sorted((ROOT / folder).glob("*.ipynb")):
            texts[f"{folder}/{path.name}"] = notebook_texts(path)
    return texts


def offences(texts: dict[str, str], rows: list[tuple[str, list[str]]]) -> list[str]:
    """Each forbidden variant found: 'where: «found» (write «term»)'."""
    found = []
    for term, variants in rows:
        for variant in variants:
            rx = pattern(variant)
            if rx is None:
                continue
            for where, text in texts.items():
                found += [f"{where}: «{m.group(0)}» (пишем «{term}»)" for m in rx.finditer(text)]
    return found


ROWS = glossary(RULES.read_text(encoding="utf-8"))


def test_the_glossary_is_at_the_top_of_the_russian_rules_and_readable():
    text = RULES.read_text(encoding="utf-8")
    assert text.index("| термин | не пишем |") < text.index("## Пьяница")
    terms = [t for t, _ in ROWS]
    assert {"взятка", "кон", "место", "куча", "номер раздачи", "исход", "упражнение"} <= set(terms)
    assert len(terms) == len(set(terms)), "a term is listed twice"


def test_every_russian_text_keeps_to_the_glossary():
    assert offences(russian_texts(), ROWS) == []


def test_a_planted_variant_is_caught():
    planted = {"lesson": "Нажмите на стопку. Задача 3: сид 19, допустимые ходы; игра кончает кон."}
    found = offences(planted, ROWS)
    for word in ("стопку", "Задача", "сид", "допустимые", "кончает"):
        assert any(f"«{word}»" in f for f in found), (word, found)
    assert offences({"lesson": "Нажмите на кучу; упражнение 3, номер раздачи 19."}, ROWS) == []


PIANITSA_TABLE_KEYS = ("next_trick", "trick_slider", "n_tricks", "speed", "trick_n", "takes", "after_trick",
                       "log_trick", "plot_trick", "sim_mean_tricks", "sim_hist_x_tricks",
                       "end_cycle")


@pytest.mark.parametrize("key", PIANITSA_TABLE_KEYS)
def test_a_pianitsa_trick_is_a_vzyatka_on_the_table_never_a_kon(key):
    from pianitsa101.widgets.i18n import TEXTS

    if key not in TEXTS:
        pytest.skip(f"no table text {key}")
    ru = TEXTS[key]["ru"]
    text = " ".join(ru) if isinstance(ru, tuple) else ru
    assert not re.search(r"(?<!\w)кон(а|ов|у|е|ом|ы)?(?!\w)", text, re.I), text
