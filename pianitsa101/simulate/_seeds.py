"""The simulators' random numbers in plain Python: numpy's SeedSequence and the kernels' SplitMix64.

The compiled kernels (``_rng``) seed a SplitMix64 stream per game from two 64-bit keys,
which come from ``numpy.random.SeedSequence(seed).generate_state(2, dtype=uint64)``.
This module computes the same keys and the same streams without numpy, so the pure-Python
path (the browser) plays exactly the games the compiled path plays for the same seed.

>>> [hex(key) for key in seed_keys(0)]  # numpy: SeedSequence(0).generate_state(2, dtype=uint64)
['0xdb2cd7e7b0f478be', '0xabf4641a2c71ba49']
>>> stream = SplitMix64.for_game(*seed_keys(1), 0)  # game 0 of a run seeded with 1
>>> [stream.below(6) for _ in range(5)]  # five dice, as the compiled kernels throw them
[1, 3, 5, 0, 5]
"""

from __future__ import annotations

import numbers
import random
import secrets

from pianitsa101.i18n import _

__all__ = ["SplitMix64", "StreamRandom", "generate_state", "seed_keys"]

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF

# numpy.random.SeedSequence's constants (numpy/random/bit_generator.pyx).
_POOL_SIZE = 4
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = 0xCA01F9DD, 0x4973F715
_XSHIFT = 16

# SplitMix64's constants (as in _rng.py).
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _words(entropy: int) -> list[int]:
    """A whole number as 32-bit words, least significant first (0 is one word)."""
    words = [entropy & _M32]
    entropy >>= 32
    while entropy:
        words.append(entropy & _M32)
        entropy >>= 32
    return words


def _pool(entropy: int) -> list[int]:
    """SeedSequence's entropy pool for ``SeedSequence(entropy)`` (mix_entropy)."""
    words = _words(entropy)
    const = _INIT_A

    def hashmix(value: int) -> int:
        nonlocal const
        value ^= const
        const = (const * _MULT_A) & _M32
        value = (value * const) & _M32
        return value ^ (value >> _XSHIFT)

    def mix(x: int, y: int) -> int:
        result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _M32
        return result ^ (result >> _XSHIFT)

    pool = [hashmix(words[i] if i < len(words) else 0) for i in range(_POOL_SIZE)]
    for src in range(_POOL_SIZE):
        for dst in range(_POOL_SIZE):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(_POOL_SIZE, len(words)):
        for dst in range(_POOL_SIZE):
            pool[dst] = mix(pool[dst], hashmix(words[src]))
    return pool


def generate_state(entropy: int, words64: int) -> list[int]:
    """``SeedSequence(entropy).generate_state(words64, dtype=numpy.uint64)`` as Python ints."""
    pool = _pool(entropy)
    const = _INIT_B
    out32 = []
    for i in range(2 * words64):
        value = pool[i % _POOL_SIZE] ^ const
        const = (const * _MULT_B) & _M32
        value = (value * const) & _M32
        out32.append(value ^ (value >> _XSHIFT))
    return [out32[2 * i] | out32[2 * i + 1] << 32 for i in range(words64)]


def seed_keys(seed: object) -> tuple[int, int]:
    """The run's two 64-bit keys from an int, None, or a numpy SeedSequence or Generator (as the kernels)."""
    if hasattr(seed, "bit_generator") and hasattr(seed, "integers"):  # a numpy Generator
        import numpy as np

        keys = seed.integers(0, _M64, size=2, dtype=np.uint64, endpoint=True)
        return int(keys[0]), int(keys[1])
    if hasattr(seed, "generate_state"):  # a numpy SeedSequence
        import numpy as np

        keys = seed.generate_state(2, dtype=np.uint64)
        return int(keys[0]), int(keys[1])
    if seed is None:
        seed = secrets.randbits(128)
    elif isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise ValueError(_(
            "seed must be a whole number 0 or more, a numpy SeedSequence or Generator, or None; "
            "got {value}").format(value=repr(seed)))
    key0, key1 = generate_state(int(seed), 2)
    return key0, key1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & _M64
    z = ((z ^ (z >> 27)) * _MIX2) & _M64
    return z ^ (z >> 31)


class SplitMix64:
    """One game's stream of random numbers, exactly as ``_rng`` makes them in compiled code."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _M64

    @classmethod
    def for_game(cls, key0: int, key1: int, game: int) -> SplitMix64:
        """The stream of game number ``game`` of the run with keys ``key0, key1`` (``_seed_game``)."""
        return cls(_mix(key0 ^ _mix((key1 + game * _GOLDEN) & _M64)))

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + _GOLDEN) & _M64
        return _mix(self.state)

    def below(self, bound: int) -> int:
        """A uniform whole number 0 <= x < bound (Lemire's method with rejection, as ``_below``)."""
        m = (self.next() >> 32) * bound
        low = m & _M32
        if low < bound:
            threshold = (0x100000000 - bound) % bound
            while low < threshold:
                m = (self.next() >> 32) * bound
                low = m & _M32
        return m >> 32

    def shuffle(self, values: list) -> None:
        """Shuffle ``values`` in place, swap for swap as ``_shuffle`` (Fisher-Yates from the end)."""
        for i in range(len(values) - 1, 0, -1):
            j = self.below(i + 1)
            values[i], values[j] = values[j], values[i]


class StreamRandom(random.Random):
    """A ``random.Random`` whose ``shuffle`` (and ``randrange``) draw from a SplitMix64 stream.

    The reference engines shuffle with ``rng.shuffle``; handing them this generator makes
    their shuffles the compiled kernels' shuffles.  ``reverse_first`` reverses the list
    before shuffling: the 101 engine keeps the old discard pile bottom first where the
    kernel turns it over first (R8).
    """

    def __init__(self, stream: SplitMix64, reverse_first: bool = False) -> None:
        super().__init__(0)
        self.stream = stream
        self.reverse_first = reverse_first

    def _randbelow(self, n: int) -> int:
        return self.stream.below(n)

    def shuffle(self, x: list) -> None:
        """Shuffle ``x`` in place with the stream (reversed first with ``reverse_first``)."""
        if self.reverse_first:
            x.reverse()
        self.stream.shuffle(x)

    def getstate(self) -> tuple:
        """The stream's state (so a copy of the game continues the same stream)."""
        return ("splitmix64", self.stream.state, self.reverse_first)

    def setstate(self, state: tuple) -> None:
        """Go back to a state from ``getstate``."""
        if isinstance(state, tuple) and state and state[0] == "splitmix64":
            self.stream.state, self.reverse_first = state[1], state[2]
        else:
            super().setstate(state)
