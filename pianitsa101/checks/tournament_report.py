"""A class tournament's result: the leaderboard as text, CSV, JSON and a PNG plot.

>>> line = Line("alice", "student", 64, 40, 0, 40 / 64, 0.5, 0.74, 1.1, "")
>>> result = ClassTournament((line,), (), seed=1, deals=4, per_entry=64, entries=9, playing=9,
...                          bots=("RandomAgent",), limit=1.0, seconds=2.0)
>>> print(result.to_csv(), end="")
place,entry,kind,matches,wins,win_rate,low,high,design_effect,forfeits,note
1,alice,student,64,40,0.6250,0.5000,0.7400,1.100,0,
>>> ClassTournament.from_json(result.to_json()) == result
True
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from pianitsa101.checks._safe import csv_cell, printable

__all__ = ["PALETTE", "ClassTournament", "Line", "Separation", "plot", "write_outputs"]

PALETTE = {"student": "#0072B2", "bot": "#E69F00", "forfeit": "#999999"}  # Okabe-Ito: colour-blind safe


@dataclass(frozen=True)
class Line:
    """One entry's line on the leaderboard (``low``/``high`` are None for an entry that forfeited)."""

    name: str
    kind: str  # "student" or "bot"
    matches: int
    wins: int
    forfeits: int  # matches forfeited (all of them once an entry failed)
    win_rate: float
    low: float | None
    high: float | None
    design_effect: float
    note: str


@dataclass(frozen=True)
class Separation:
    """Two places next to each other: the difference of win rates, its 95% interval, what would settle it."""

    first: str
    second: str
    value: float
    low: float
    high: float
    told_apart: bool
    playoff: int | None  # matches of a play-off between the two (stats.matches_needed), when not told apart
    per_entry: int | None  # matches per entry at which this round robin's interval would tell them apart

    def text(self) -> str:
        """One sentence for the printed report."""
        head = (f"{self.first} - {self.second}: {self.value:+.1%} "
                f"(95% interval {self.low:+.1%} to {self.high:+.1%})")
        if self.told_apart:
            return f"{head}: told apart."
        if self.playoff is None:
            return f"{head}: not told apart; no difference was measured, so no number of matches settles it."
        return (f"{head}: NOT told apart. An edge this size needs a play-off of about {self.playoff:,} "
                f"matches between the two (stats.matches_needed for an edge of {abs(self.value) / 2:.1%}, "
                f"95%, power 80%), or this round robin with about {self.per_entry:,} matches per entry.")


@dataclass(frozen=True)
class ClassTournament:
    """The whole result: the leaderboard (best first, forfeits last), the top places, the schedule."""

    lines: tuple[Line, ...]
    separations: tuple[Separation, ...]
    seed: int
    deals: int  # duplicate deals per pair of entries
    per_entry: int  # matches scheduled per entry
    entries: int  # entries in all (students and bots)
    playing: int  # entries that did not forfeit
    bots: tuple[str, ...]
    limit: float  # seconds per decision
    seconds: float  # how long it took (not in the CSV: it is not reproducible)

    @property
    def played_per_entry(self) -> int:
        """Matches played by each entry that did not forfeit (none against those that did)."""
        return 2 * self.deals * max(self.playing - 1, 0)

    def schedule(self) -> str:
        """What the win rates are measured against, in one sentence."""
        return (f"heads-up round robin of {self.entries} entries on duplicate deals: every pair played "
                f"{self.deals} deal(s), each with the seats both ways ({self.per_entry} matches per entry "
                f"scheduled; {self.playing} entries played on, {self.played_per_entry} matches each, the "
                f"matches against those that forfeited taken out)")

    def to_csv(self) -> str:
        """The leaderboard, one row per entry (the same seed gives the same bytes)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["place", "entry", "kind", "matches", "wins", "win_rate", "low", "high",
                         "design_effect", "forfeits", "note"])
        for place, s in enumerate(self.lines, 1):
            bounds = ["", ""] if s.low is None else [f"{s.low:.4f}", f"{s.high:.4f}"]
            writer.writerow([place if not s.forfeits else "", csv_cell(s.name, 80), s.kind, s.matches, s.wins,
                             f"{s.win_rate:.4f}", *bounds, f"{s.design_effect:.3f}", s.forfeits,
                             csv_cell(s.note)])
        return out.getvalue()

    def text(self) -> str:
        """The leaderboard as printed: the schedule, the table, the top places."""
        rows = [("place", "entry", "matches", "wins", "win rate", "95% interval", "forfeits", "note")]
        for place, s in enumerate(self.lines, 1):
            interval = "" if s.low is None else f"[{s.low:.1%}, {s.high:.1%}]"
            rate = f"{s.win_rate:.1%}" if not s.forfeits else ""
            rows.append((str(place) if not s.forfeits else "-", printable(s.name, 80), str(s.matches),
                         str(s.wins), rate, interval, str(s.forfeits), printable(s.note)))
        widths = [max(len(r[i]) for r in rows) for i in range(7)]
        table = ["  ".join([r[0].rjust(widths[0]), r[1].ljust(widths[1]),
                            *(c.rjust(w) for c, w in zip(r[2:7], widths[2:], strict=True)), r[7]]).rstrip()
                 for r in rows]
        top = ["Top places:", *("  " + printable(s.text(), 500) for s in self.separations)] \
            if self.separations else []
        return "\n".join([f"Class tournament, seed {self.seed}: a {self.schedule()}.",
                          f"Win rate: matches won against the whole field; 95% Wilson interval, widened by "
                          f"the design effect of the duplicate deals. {self.limit:g} s per decision.",
                          "", *table, "", *top])

    def to_json(self) -> str:
        """Everything, for the TournamentBoard widget (``from_json`` reads it back)."""
        return json.dumps(asdict(self), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> ClassTournament:
        """The result written by ``to_json``."""
        data = json.loads(text)
        data["lines"] = tuple(Line(**x) for x in data["lines"])
        data["separations"] = tuple(Separation(**x) for x in data["separations"])
        data["bots"] = tuple(data["bots"])
        return cls(**data)

    @classmethod
    def load(cls, path: str | Path) -> ClassTournament:
        """Read ``tournament.json`` (or the folder that holds it)."""
        path = Path(path)
        file = path / "tournament.json" if path.is_dir() else path
        return cls.from_json(file.read_text(encoding="utf-8"))


def plot(result: ClassTournament, path: Path) -> None:
    """A horizontal bar per entry: its win rate, the 95% interval as an error bar; forfeits marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    lines = list(result.lines)
    height = max(3.5, 0.32 * len(lines) + 1.8)
    fig, ax = plt.subplots(figsize=(9, height), dpi=110)
    ys = list(range(len(lines)))[::-1]
    for y, s in zip(ys, lines, strict=True):
        if s.forfeits:
            ax.text(0.005, y, "forfeited", va="center", ha="left", fontsize=9, color="#555555",
                    style="italic")
            continue
        ax.barh(y, s.win_rate, color=PALETTE[s.kind], height=0.7)
        ax.errorbar(s.win_rate, y, xerr=[[s.win_rate - s.low], [s.high - s.win_rate]], fmt="none",
                    ecolor="#222222", elinewidth=1.2, capsize=3)
    ax.axvline(0.5, color="#444444", linestyle="--", linewidth=1)
    ax.set_yticks(ys, [s.name for s in lines], fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.7, len(lines) - 0.3)
    ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_xlabel("matches won against the whole field (bars: 95% interval)")
    ax.set_title(f"Class tournament: win rate against every other entry, heads-up\n"
                 f"{result.playing} entries × {result.played_per_entry} matches each "
                 f"({result.deals} duplicate deals per pair; {result.entries - result.playing} forfeited), "
                 f"seed {result.seed}", fontsize=11)
    kinds = [Patch(color=PALETTE["student"], label="student"), Patch(color=PALETTE["bot"], label="bot")]
    ax.legend(handles=kinds, loc="lower right", fontsize=9)
    ax.grid(axis="x", color="#dddddd")
    ax.set_axisbelow(True)
    fig.tight_layout()
    fig.savefig(path, metadata={"Software": None})
    plt.close(fig)


def write_outputs(result: ClassTournament, folder: Path) -> list[Path]:
    """Write tournament.csv, tournament.json, leaderboard.txt and tournament.png into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {name: folder / name for name in ("tournament.csv", "tournament.json", "leaderboard.txt",
                                              "tournament.png")}
    paths["tournament.csv"].write_text(result.to_csv(), encoding="utf-8")
    paths["tournament.json"].write_text(result.to_json(), encoding="utf-8")
    paths["leaderboard.txt"].write_text(result.text() + "\n", encoding="utf-8")
    plot(result, paths["tournament.png"])
    return list(paths.values())
