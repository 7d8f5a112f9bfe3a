"""Results as numpy arrays where numpy exists, else as ``PlainArray``: a list that answers like one.

In the browser (JupyterLite) there is no numpy, so the pure-Python simulators return their
columns as ``PlainArray``: enough of numpy's manners for what lessons and widgets do with a
result (``res.tricks.mean()``, ``res.outcome == "cycle"``, ``res.points[:, 0].sum()``,
``res.tricks[res.outcome == "finished"]``, ``.tolist()``).

>>> tricks = PlainArray([3, 8, 5])
>>> tricks.mean(), tricks.max(), tricks.shape, (tricks > 4).sum()
(5.333333333333333, 8, (3,), 2)
>>> tricks[tricks > 4]
PlainArray([8, 5])
>>> points = PlainArray([[0, 12], [7, 0]])
>>> points[:, 1], points.sum(axis=0), points[1, 0]
(PlainArray([12, 0]), PlainArray([7, 12]), 7)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pianitsa101.i18n import _

__all__ = ["PlainArray", "as_array"]


class PlainArray(Sequence):
    """A 1-D or 2-D column of numbers or texts with a few of numpy's array operations."""

    __slots__ = ("_items", "shape")

    def __init__(self, items: Sequence, width: int | None = None) -> None:
        rows = [list(r) if isinstance(r, (list, tuple, PlainArray)) else r for r in items]
        if (rows and isinstance(rows[0], list)) or (not rows and width is not None):
            if any(not isinstance(r, list) or len(r) != len(rows[0]) for r in rows):
                raise ValueError(_("a 2-D PlainArray needs rows of equal length"))
            self._items = rows
            self.shape: tuple[int, ...] = (len(rows), len(rows[0]) if rows else width or 0)
        else:
            self._items = rows
            self.shape = (len(rows),)

    # --- shape and conversion -----------------------------------------------------------------
    @property
    def ndim(self) -> int:
        """1 for a column, 2 for a table."""
        return len(self.shape)

    @property
    def size(self) -> int:
        """How many values in all."""
        return math.prod(self.shape)

    def tolist(self) -> list:
        """The values as (nested) lists."""
        return [list(r) for r in self._items] if self.ndim == 2 else list(self._items)

    def _flat(self) -> list:
        return [v for r in self._items for v in r] if self.ndim == 2 else self._items

    def __len__(self) -> int:
        return self.shape[0]

    def __iter__(self) -> Iterator:
        if self.ndim == 2:
            return (PlainArray(r) for r in self._items)
        return iter(self._items)

    def __repr__(self) -> str:
        return f"PlainArray({self.tolist()!r})"

    def __eq__(self, other: object) -> PlainArray:  # type: ignore[override]
        return self._compare(other, operator.eq)

    def __ne__(self, other: object) -> PlainArray:  # type: ignore[override]
        return self._compare(other, operator.ne)

    def __lt__(self, other: object) -> PlainArray:
        return self._compare(other, operator.lt)

    def __le__(self, other: object) -> PlainArray:
        return self._compare(other, operator.le)

    def __gt__(self, other: object) -> PlainArray:
        return self._compare(other, operator.gt)

    def __ge__(self, other: object) -> PlainArray:
        return self._compare(other, operator.ge)

    __hash__ = None  # type: ignore[assignment]  # like numpy arrays: == is element by element

    def __and__(self, other: object) -> PlainArray:
        return self._compare(other, lambda a, b: bool(a) and bool(b))

    def __or__(self, other: object) -> PlainArray:
        return self._compare(other, lambda a, b: bool(a) or bool(b))

    def __invert__(self) -> PlainArray:
        return self._map(lambda a: not a)

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError(_("the truth value of an array with more than one value is ambiguous: "
                               "use .any() or .all()"))
        return bool(self._flat()[0])

    def _map(self, f: Callable[[Any], Any]) -> PlainArray:
        if self.ndim == 2:
            return PlainArray([[f(v) for v in r] for r in self._items], self.shape[1])
        return PlainArray([f(v) for v in self._items])

    def _compare(self, other: object, op: Callable[[Any, Any], Any]) -> PlainArray:
        if isinstance(other, (PlainArray, list, tuple)):
            other = other if isinstance(other, PlainArray) else PlainArray(other)
            if other.shape != self.shape:
                raise ValueError(_("shapes {a} and {b} differ").format(a=self.shape, b=other.shape))
            if self.ndim == 2:
                return PlainArray([[op(a, b) for a, b in zip(r, s, strict=True)]
                                   for r, s in zip(self._items, other._items, strict=True)], self.shape[1])
            return PlainArray([op(a, b) for a, b in zip(self._items, other._items, strict=True)])
        return self._map(lambda a: op(a, other))

    # --- indexing -------------------------------------------------------------------------------
    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, tuple):
            if self.ndim != 2 or len(key) != 2:
                raise IndexError(f"index {key!r} does not fit an array of shape {self.shape}")
            rows, col = key
            picked = self[rows]
            if isinstance(rows, int):
                return picked[col]
            return PlainArray([PlainArray(r)[col] for r in picked._items]) if isinstance(col, int) \
                else PlainArray([PlainArray(r)[col].tolist() for r in picked._items], self.shape[1])
        if isinstance(key, slice):
            return PlainArray(self._items[key], self.shape[1] if self.ndim == 2 else None)
        if isinstance(key, (PlainArray, list)):
            keys = key.tolist() if isinstance(key, PlainArray) else key
            width = self.shape[1] if self.ndim == 2 else None
            if all(isinstance(k, bool) for k in keys) and len(keys) == len(self):
                return PlainArray([v for v, k in zip(self._items, keys, strict=True) if k], width)
            return PlainArray([self._items[k] for k in keys], width)
        item = self._items[operator.index(key)]
        return PlainArray(item) if self.ndim == 2 else item

    # --- statistics -----------------------------------------------------------------------------
    def _reduce(self, f: Callable[[list], Any], axis: int | None) -> Any:
        if axis is None or self.ndim == 1:
            return f(self._flat())
        if axis == 0:
            return PlainArray([f([r[j] for r in self._items]) for j in range(self.shape[1])])
        return PlainArray([f(r) for r in self._items])

    def sum(self, axis: int | None = None) -> Any:
        """The total (of each column with ``axis=0``, each row with ``axis=1``)."""
        return self._reduce(sum, axis)

    def mean(self, axis: int | None = None) -> Any:
        """The mean (nan for no values, as numpy)."""
        return self._reduce(lambda v: sum(v) / len(v) if v else math.nan, axis)

    def var(self, axis: int | None = None) -> Any:
        """The variance (numpy's default: divided by the count)."""
        def var(v: list) -> float:
            if not v:
                return math.nan
            m = sum(v) / len(v)
            return sum((x - m) ** 2 for x in v) / len(v)
        return self._reduce(var, axis)

    def std(self, axis: int | None = None) -> Any:
        """The standard deviation (divided by the count)."""
        v = self.var(axis)
        return v._map(math.sqrt) if isinstance(v, PlainArray) else math.sqrt(v)

    def min(self, axis: int | None = None) -> Any:
        """The smallest value."""
        return self._reduce(min, axis)

    def max(self, axis: int | None = None) -> Any:
        """The largest value."""
        return self._reduce(max, axis)

    def any(self, axis: int | None = None) -> Any:
        """True where some value is true."""
        return self._reduce(any, axis)

    def all(self, axis: int | None = None) -> Any:
        """True where every value is true."""
        return self._reduce(all, axis)


def as_array(values: list, dtype: str, width: int | None = None) -> Any:
    """``values`` as a numpy array of ``dtype`` when numpy can be imported, else as a PlainArray."""
    try:
        import numpy as np
    except ImportError:
        return PlainArray(values, width)
    if width is not None and not values:
        return np.zeros((0, width), dtype=dtype)
    return np.array(values, dtype=dtype)
